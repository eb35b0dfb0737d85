import { describe, expect, it } from 'vitest';
import { AdPlays, type AdPlaysStorage } from './ad-plays';

const HOUR = Date.parse('2026-12-02T15:00:00.000Z');
const NEXT = HOUR + 3_600_000;

function storage(initial: unknown = null): AdPlaysStorage & { saved: unknown } {
  return {
    saved: initial,
    load() {
      return this.saved;
    },
    save(value) {
      this.saved = JSON.parse(JSON.stringify(value));
    },
  };
}

describe("the screen's ad plays (docs/ads.md#placement)", () => {
  it('counts plays per ad in the hour, keeps the last creative, and a new hour starts from 0', () => {
    const kept = storage();
    const plays = new AdPlays(kept);
    plays.add(7, 0, HOUR);
    plays.add(7, 1, HOUR);
    plays.add(9, 0, HOUR);
    expect(plays.playsIn(HOUR)).toEqual(
      new Map([
        [7, 2],
        [9, 1],
      ]),
    );
    expect(plays.playsIn(NEXT)).toEqual(new Map());
    expect(plays.lastCreative()).toEqual(
      new Map([
        [7, 1],
        [9, 0],
      ]),
    );
    plays.add(7, 2, NEXT);
    expect(plays.playsIn(NEXT)).toEqual(new Map([[7, 1]]));
    // The hour before stays counted (another zone may still be in it); two hours on, it is gone.
    expect(plays.playsIn(HOUR).get(7)).toBe(2);
    plays.add(9, 0, NEXT + 3_600_000);
    expect(plays.playsIn(HOUR)).toEqual(new Map());
    expect(plays.playsIn(NEXT).get(7)).toBe(1);
    expect(plays.lastCreative()).toEqual(
      new Map([
        [7, 2],
        [9, 0],
      ]),
    );
    // Kept on each change: a reload reads it back.
    expect(new AdPlays(kept).playsIn(NEXT)).toEqual(new Map([[7, 1]]));
  });

  it("one zone counting the next hour never wipes another's count of this hour", () => {
    const plays = new AdPlays(storage());
    plays.add(7, 0, HOUR);
    plays.add(7, 0, HOUR);
    // Zone A's item ends after the hour turns: its pick counts in the next hour.
    plays.add(7, 0, NEXT);
    // Zone B, still in this hour, sees this hour's two plays (at a limit of 2: no third).
    expect(plays.playsIn(HOUR).get(7)).toBe(2);
    plays.add(7, 0, HOUR);
    expect(plays.playsIn(NEXT).get(7)).toBe(1);
  });

  it('reads a count stored by a player before two hours were kept', () => {
    const old = storage({ hour: HOUR, plays: { 7: 3 }, last: { 7: 1 } });
    const plays = new AdPlays(old);
    expect(plays.playsIn(HOUR).get(7)).toBe(3);
    expect(plays.lastCreative().get(7)).toBe(1);
  });

  it('gives back a play of the same hour only, never below 0', () => {
    const plays = new AdPlays(storage());
    plays.add(7, 0, HOUR);
    plays.remove(7, NEXT);
    expect(plays.playsIn(HOUR).get(7)).toBe(1);
    plays.remove(7, HOUR);
    plays.remove(7, HOUR);
    expect(plays.playsIn(HOUR).get(7)).toBe(0);
    // The creative's turn stays taken.
    expect(plays.lastCreative().get(7)).toBe(0);
  });

  it('forgets ads no longer listed; reads an unreadable store as empty', () => {
    const kept = storage();
    const plays = new AdPlays(kept);
    plays.add(7, 0, HOUR);
    plays.add(9, 0, HOUR);
    plays.keepOnly(new Set([9]));
    expect(kept.saved).toEqual({ hours: { [HOUR]: { 9: 1 } }, last: { 9: 0 } });
    for (const bad of [null, 'x', { hour: HOUR, plays: { 7: -1 }, last: {} }, { hour: HOUR, plays: [], last: 3 }])
      expect(new AdPlays(storage(bad)).playsIn(HOUR)).toEqual(new Map());
  });
});
