import { describe, expect, it } from 'vitest';
import type { Manifest, ManifestAd } from '@contract/tv';
import { AdPlacer } from './ad-placer';
import { AdPlays, type AdPlaysStorage } from './ad-plays';
import { manifestAd, manifestPlaylist } from './test-manifests';

const HOUR = Date.parse('2026-12-02T15:00:00.000Z');
const MIN = 60_000;

/** Local storage as the player keeps it: JSON text, read back by a new AdPlays (a reload). */
function memoryStorage(): AdPlaysStorage & { text: string | null } {
  return {
    text: null,
    load() {
      return this.text === null ? null : JSON.parse(this.text);
    },
    save(value) {
      this.text = JSON.stringify(value);
    },
  };
}

/** An ad of two creatives (media 71 and 72), 4 plays this hour. */
const twoCreatives = (fields: Partial<ManifestAd> = {}) => {
  const playlist = manifestPlaylist(107);
  const first = playlist.items[0]!;
  return manifestAd(7, {
    playlist: {
      ...playlist,
      items: [
        { ...first, mediaId: 71 },
        { ...first, mediaId: 72, sha256: '7'.repeat(64) },
      ],
    },
    ...fields,
  });
};

const manifest = (ads: ManifestAd[] | undefined, version = 'v1'): Manifest => ({
  version,
  device: { id: 3, name: 'TV Loja', layout: 'dual', orientation: 'horizontal', resolution: '1920x1080' },
  windows: [manifestPlaylist(1), manifestPlaylist(2)],
  campaigns: [],
  ...(ads ? { ads } : {}),
  timeZone: 'America/Sao_Paulo',
  serverTime: new Date(HOUR).toISOString(),
});

const placer = (ads: ManifestAd[] | undefined, storage = memoryStorage(), offsetMs = 0) =>
  new AdPlacer(new AdPlays(storage), manifest(ads), offsetMs);
const mediaOf = (pick: ReturnType<AdPlacer['pick']>) => pick?.item.mediaId ?? null;

describe("the screen's ad placement (docs/ads.md#placement)", () => {
  it('places the ad at its due times, its creatives in turn, each play with its ad and playlist', () => {
    const p = placer([twoCreatives()]);
    const first = p.pick(0, HOUR);
    expect(first).toEqual({
      item: expect.objectContaining({ mediaId: 71 }),
      origin: { playlistId: 107, campaignId: 7 },
      hour: HOUR,
    });
    // 4 an hour: the next not before minute 15, in any zone (the count is the screen's).
    expect(p.pick(1, HOUR + 14 * MIN)).toBeNull();
    expect(mediaOf(p.pick(1, HOUR + 15 * MIN))).toBe(72);
    expect(mediaOf(p.pick(0, HOUR + 30 * MIN))).toBe(71);
    expect(mediaOf(p.pick(0, HOUR + 45 * MIN))).toBe(72);
    expect(p.pick(0, HOUR + 59 * MIN)).toBeNull(); // the allowance is spent
    // A new hour starts from 0; the creatives go on taking turns.
    expect(mediaOf(p.pick(0, HOUR + 60 * MIN))).toBe(71);
  });

  it("decides on the server's clock: our clock plus the offset", () => {
    const p = placer([twoCreatives()], memoryStorage(), 15 * MIN);
    expect(p.pick(0, HOUR)).not.toBeNull();
    // Our minute 0 is the server's 15: the second play is due.
    expect(p.pick(0, HOUR)).not.toBeNull();
    p.setOffset(0);
    expect(p.pick(0, HOUR + 29 * MIN)).toBeNull();
  });

  it('keeps the counts across a reload, and gives a play back when it does not show', () => {
    const storage = memoryStorage();
    const before = placer([twoCreatives({ allowance: 2 })], storage);
    expect(before.pick(0, HOUR)).not.toBeNull();
    const taken = before.pick(0, HOUR + 30 * MIN)!;
    // Reloaded: the hour's two plays are done, the next creative is the first again.
    const after = placer([twoCreatives({ allowance: 2 })], storage);
    expect(after.pick(0, HOUR + 40 * MIN)).toBeNull();
    after.release(taken);
    expect(mediaOf(after.pick(0, HOUR + 40 * MIN))).toBe(71);
    // An unreadable store starts from nothing.
    storage.text = '{"hour":"x"}';
    expect(placer([twoCreatives({ allowance: 2 })], storage).pick(0, HOUR + 40 * MIN)).not.toBeNull();
  });

  it("follows the ad's zones and its playlist's own dates; no ads, no pick", () => {
    const p = placer([twoCreatives({ zones: ['janela-2'] })]);
    expect(p.pick(0, HOUR)).toBeNull();
    expect(p.pick(1, HOUR)).not.toBeNull();
    const dated = twoCreatives({ playlist: { ...twoCreatives().playlist, startDate: '2027-01-01', durationDays: 3 } });
    expect(placer([dated]).pick(0, HOUR)).toBeNull();
    expect(placer(undefined).pick(0, HOUR)).toBeNull();
  });

  it('gives each zone one source until the ads change; forgets the counts of ads gone', () => {
    const storage = memoryStorage();
    const p = placer([twoCreatives()], storage);
    const source = p.forZone(0);
    expect(p.forZone(0)).toBe(source);
    expect(p.forZone(1)).not.toBe(source);
    p.setManifest(manifest([twoCreatives()], 'v2')); // another version, the same ads
    expect(p.forZone(0)).toBe(source);
    expect(source.next(HOUR)).not.toBeNull();
    p.setManifest(manifest([twoCreatives({ allowance: 5 })], 'v3'));
    expect(p.forZone(0)).not.toBe(source);
    p.setManifest(manifest(undefined, 'v4'));
    expect(JSON.parse(storage.text!)).toMatchObject({ hours: {}, last: {} });
  });
});
