/**
 * issue 28, "kill -9 of one process of three", as a drill (src/server/scaling/process-kill.test.ts is
 * the same at 30 TVs in CI): three server processes on PostgreSQL + Redis behind HAProxy on
 * docs/haproxy.cfg (plus a third server), N simulated TVs through it (in processes of their own, at
 * a player's pace, following the player's reconnect rule, sending plays), then `kill -9` of the
 * process holding the most TV sockets. Prints how long its TVs took to be back on the others
 * (p50/p99/max), the peak rates of reconnect attempts and of sockets opened again, the drill's own
 * event-loop stall, HAProxy's view of the victim, the plays acknowledged against those stored, and
 * the figure last.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npm run bench:fault-kill -- --tvs 3000
 *
 * Uses a database of its own on that server and a Redis prefix of its own; needs Debian's haproxy.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { findHaproxy } from '../src/server/scaling/haproxy-harness';
import { peakIn, runKillDrill } from '../src/server/scaling/process-kill';
import { PLAYER_PACE } from '../src/server/test/simulated-tv';
import { formatStats, stats } from './lib';

/** Only the samples where the state moved: "0 UP, 250 DOWN, …". */
const changesOf = (samples: Array<[number, string]>) =>
  samples
    .filter(([, state], i) => i === 0 || samples[i - 1]![1] !== state)
    .map(([ms, state]) => `${ms} ${state}`)
    .join(', ');

const { values } = parseArgs({ options: { tvs: { type: 'string', default: '3000' } } });
const TVS = Number(values.tvs);
const { DATABASE_URL, REDIS_URL } = process.env;
const haproxy = findHaproxy();
if (!DATABASE_URL || !REDIS_URL || !haproxy) {
  console.error('Precisa de DATABASE_URL, REDIS_URL e do haproxy (apt-get install haproxy).');
  process.exit(1);
}

const drill = await runKillDrill({
  haproxy,
  databaseUrl: DATABASE_URL,
  redisUrl: REDIS_URL,
  tvs: TVS,
  pace: PLAYER_PACE,
  log: (line) => console.log(line),
});
try {
  const back = stats(drill.backMs);
  const perSecond = peakIn(drill.reopenedAtMs, 1000);
  const per100ms = peakIn(drill.reopenedAtMs, 100);
  const late = drill.orphans - drill.backMs.length;
  const { plays } = drill;
  console.log(
    `killed process_${drill.victim}; connections from HAProxy before: ${JSON.stringify(drill.socketsBefore)}`,
  );
  console.log(`HAProxy took it out ${drill.takenOutMs} ms after the kill`);
  console.log(`its TVs: ${drill.orphans}, back on the others: ${drill.backMs.length} (${late} not within 60 s)`);
  console.log(`back after the drop: ${formatStats(back)}`);
  console.log(
    `reconnects: peak ${perSecond}/s, ${per100ms} in one 100 ms window; attempts (${drill.attemptsAtMs.length}): ` +
      `peak ${peakIn(drill.attemptsAtMs, 1000)}/s, ${peakIn(drill.attemptsAtMs, 100)} in one 100 ms window`,
  );
  console.log(
    `the drill's own event loop from the kill to the return: longest stall ${drill.drillLoopLag.maxMs.toFixed(0)} ms, ` +
      `p99 ${drill.drillLoopLag.p99Ms.toFixed(0)} ms`,
  );
  console.log(`HAProxy's view of the victim (ms after the kill → state): ${changesOf(drill.victimStates)}`);
  console.log(
    `plays answered between kill and take-out ${JSON.stringify(drill.playsBeforeTakeOut)}, after ${JSON.stringify(drill.playsAfterTakeOut)}; ` +
      `TVs with a play stored after the take-out: ${drill.playingAfterTakeOut}/${TVS}`,
  );
  console.log(
    `plays made ${plays.made}, acked ${plays.acked}, stored once ${plays.storedOnce}, missing ${plays.missing}, twice ${plays.duplicated}`,
  );
  console.log(`rename before the kill: ${drill.renamed.stored === drill.renamed.sent ? 'kept' : 'LOST'}`);
  console.log(
    `load: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `kill -9 of 1 of 3 at ${TVS} TVs: ${drill.backMs.length}/${drill.orphans} back, p99 ${back.p99} ms, ` +
      `max ${back.max} ms, peak ${perSecond} reconnects/s; plays acked ${plays.acked}, stored once ${plays.storedOnce}, lost ${plays.missing}`,
  );
} finally {
  await drill.stop();
}
