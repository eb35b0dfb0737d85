import { describe, expect, it } from 'vitest';
import { nextAdSlot, type AdSlotInput, type PlaceableAd } from './ad-slots';

const TZ = 'America/Sao_Paulo';
const HOUR_START = Date.parse('2026-12-02T15:00:00.000Z');
const at = (minutes: number) => new Date(HOUR_START + minutes * 60_000);
const ad = (fields: Partial<PlaceableAd> = {}): PlaceableAd => ({
  id: 1,
  status: 'published',
  priority: 'normal',
  startDate: '2026-12-01T03:00:00.000Z',
  endDate: '2026-12-11T03:00:00.000Z',
  schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null },
  createdAt: '2026-11-01T00:00:00.000Z',
  zones: null,
  capPerHour: 6,
  allowance: 4,
  playlist: { items: ['a', 'b', 'c'] },
  ...fields,
});
const slot = (fields: Partial<AdSlotInput>) =>
  nextAdSlot({
    ads: [ad()],
    zoneKeys: ['principal', 'rodape'],
    zoneIndex: 0,
    at: at(0),
    timeZone: TZ,
    playsThisHour: new Map(),
    lastCreative: new Map(),
    ...fields,
  });

describe('nextAdSlot (docs/ads.md#placement)', () => {
  it('spreads the allowance over the hour: the k-th play not before k/limit of it', () => {
    expect(slot({})).toEqual({ campaignId: 1, itemIndex: 0 });
    // One played: the next is due at minute 15 (4 an hour).
    expect(slot({ at: at(10), playsThisHour: new Map([[1, 1]]) })).toBeNull();
    expect(slot({ at: at(15), playsThisHour: new Map([[1, 1]]) })).toEqual({ campaignId: 1, itemIndex: 0 });
    // Behind (a screen switched on late): due at once.
    expect(slot({ at: at(50), playsThisHour: new Map([[1, 1]]) })).not.toBeNull();
  });

  it('spreads them over the part of the hour the flight covers, not the clock hour', () => {
    // The flight starts at minute 40: 4 plays over the last 20 minutes, at 40, 45, 50 and 55.
    const late = ad({ startDate: at(40).toISOString() });
    const played = (n: number) => new Map([[1, n]]);
    expect(slot({ ads: [late], at: at(39) })).toBeNull();
    expect(slot({ ads: [late], at: at(40) })).toEqual({ campaignId: 1, itemIndex: 0 });
    // One played at minute 40: not due again at 41 (the clock hour's rule would owe 2 by then).
    expect(slot({ ads: [late], at: at(41), playsThisHour: played(1) })).toBeNull();
    expect(slot({ ads: [late], at: at(45), playsThisHour: played(1) })).not.toBeNull();
    expect(slot({ ads: [late], at: at(54), playsThisHour: played(3) })).toBeNull();
    expect(slot({ ads: [late], at: at(55), playsThisHour: played(3) })).not.toBeNull();
    // The flight ends at minute 20: 4 plays over the first 20 minutes, at 0, 5, 10 and 15.
    const early = ad({ endDate: at(20).toISOString() });
    expect(slot({ ads: [early], at: at(4), playsThisHour: played(1) })).toBeNull();
    expect(slot({ ads: [early], at: at(5), playsThisHour: played(1) })).not.toBeNull();
    expect(slot({ ads: [early], at: at(15), playsThisHour: played(3) })).not.toBeNull();
    expect(slot({ ads: [early], at: at(20), playsThisHour: played(3) })).toBeNull();
    // Both within the hour: from minute 10 to 30, one play every 5 minutes.
    const both = ad({ startDate: at(10).toISOString(), endDate: at(30).toISOString() });
    expect(slot({ ads: [both], at: at(14), playsThisHour: played(1) })).toBeNull();
    expect(slot({ ads: [both], at: at(15), playsThisHour: played(1) })).not.toBeNull();
  });

  it('stops at the allowance, never above the cap, and at an allowance of 0', () => {
    expect(slot({ at: at(59), playsThisHour: new Map([[1, 4]]) })).toBeNull();
    expect(
      slot({ ads: [ad({ allowance: 10, capPerHour: 2 })], at: at(59), playsThisHour: new Map([[1, 2]]) }),
    ).toBeNull();
    expect(slot({ ads: [ad({ allowance: 0 })] })).toBeNull();
  });

  it('follows the schedule, the flight, the status and the zones', () => {
    expect(slot({ ads: [ad({ schedule: { weekdays: [1], startTime: null, endTime: null } })] })).toBeNull();
    expect(slot({ ads: [ad({ endDate: at(0).toISOString() })] })).toBeNull();
    expect(slot({ ads: [ad({ status: 'paused' })] })).toBeNull();
    expect(slot({ ads: [ad({ zones: ['rodape'] })] })).toBeNull();
    expect(slot({ ads: [ad({ zones: ['rodape'] })], zoneIndex: 1 })).toEqual({ campaignId: 1, itemIndex: 0 });
    expect(slot({ ads: [ad({ playlist: { items: [] } })] })).toBeNull();
  });

  it('picks the ad furthest behind, then the lowest id; creatives take turns', () => {
    const ads = [ad({ id: 2 }), ad({ id: 1 })];
    expect(slot({ ads })).toEqual({ campaignId: 1, itemIndex: 0 });
    expect(
      slot({
        ads,
        at: at(30),
        playsThisHour: new Map([
          [1, 2],
          [2, 1],
        ]),
      }),
    ).toEqual({ campaignId: 2, itemIndex: 0 });
    expect(slot({ lastCreative: new Map([[1, 0]]) })).toEqual({ campaignId: 1, itemIndex: 1 });
    expect(slot({ lastCreative: new Map([[1, 2]]) })).toEqual({ campaignId: 1, itemIndex: 0 });
  });
});
