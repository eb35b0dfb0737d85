import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findHaproxy } from './haproxy-harness';
import { peakIn, runKillDrill, type KillDrill } from './process-kill';

const { DATABASE_URL, REDIS_URL } = process.env;
const HAPROXY = findHaproxy();
const TVS = 30;

/**
 * issue 28, "kill -9 of one process of three", at small scale (bench/fault-kill.ts is the drill at
 * full scale): docs/scaling.md, "When a process dies". The kill happens once, in beforeAll; each
 * test below asserts one promise on what was recorded.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL || !HAPROXY)('kill -9 of one process of three behind HAProxy', () => {
  let drill: KillDrill;

  beforeAll(async () => {
    drill = await runKillDrill({ haproxy: HAPROXY!, databaseUrl: DATABASE_URL!, redisUrl: REDIS_URL!, tvs: TVS });
    const back = [...drill.backMs].sort((a, b) => a - b);
    console.info(
      `kill -9 of process_${drill.victim} (sockets ${JSON.stringify(drill.socketsBefore)}): ` +
        `${drill.orphans} TVs dropped, back in ${back[0]}–${back.at(-1)} ms; ` +
        `reopened at ${[...drill.reopenedAtMs].sort((a, b) => a - b).join(', ')} ms; ` +
        `peak ${peakIn(drill.reopenedAtMs, 1000)} reconnects/s, ${peakIn(drill.reopenedAtMs, 100)} in 100 ms; ` +
        `out after ${drill.takenOutMs} ms; plays ${JSON.stringify(drill.plays)}; ` +
        `answers before take-out ${JSON.stringify(drill.playsBeforeTakeOut)}, after ${JSON.stringify(drill.playsAfterTakeOut)}`,
    );
  }, 150_000);

  afterAll(async () => {
    await drill?.stop();
  });

  it('drops the sockets of the process holding the most, and every one of its TVs is back on another within 60 s', () => {
    expect(drill.orphans).toBeGreaterThan(0);
    // The TVs spread by leastconn: the victim held about a third, not all.
    expect(drill.orphans).toBeLessThan(TVS);
    expect(drill.backMs).toHaveLength(drill.orphans);
    expect(Math.max(...drill.backMs)).toBeLessThan(60_000);
  });

  it('keeps the TVs playing: plays sent while the dead process was still in, every TV had one stored after the take-out, none refused since', () => {
    // Plays did reach the balancer between the kill and the take-out (any answer: one refused is sent again).
    expect(Object.values(drill.playsBeforeTakeOut).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(drill.playingAfterTakeOut).toBe(TVS);
    expect(Object.keys(drill.playsAfterTakeOut)).toEqual(['200']);
  });

  it('loses no acknowledged write: every play answered 200 is stored exactly once, and the rename before the kill stays', () => {
    expect(drill.plays.acked).toBe(drill.plays.made);
    expect(drill.plays.storedOnce).toBe(drill.plays.acked);
    expect(drill.plays.storedInAll).toBe(drill.plays.acked);
    expect(drill.renamed.stored).toBe(drill.renamed.sent);
  });

  it('spreads the reconnects: the player waits a jittered delay (0.5–1 s), so they never come all at once', () => {
    // A storm is every TV within a few ms; spread over half a second, 20 ms hold a few (60 %, at
    // least 4, is far above chance: about 1 in 1,000 runs for 5 TVs, far less for 10).
    expect(peakIn(drill.reopenedAtMs, 20)).toBeLessThanOrEqual(Math.max(4, Math.ceil(drill.orphans * 0.6)));
  });
});
