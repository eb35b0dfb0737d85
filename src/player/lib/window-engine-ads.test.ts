import { describe, expect, it } from 'vitest';
import { item, setup } from './test-engine';
import type { AdPick, AdSource } from './window-engine';

const AD = { playlistId: 900, campaignId: 9 };
const OWN = { playlistId: 10, campaignId: null };

/** A placement answering, call after call, the creatives listed (null: no ad), each of 3 s; what it was asked and given back. */
function adSource(answers: Array<number | null>) {
  const asked: number[] = [];
  const released: number[] = [];
  const source: AdSource = {
    next: (at) => {
      asked.push(at);
      const id = answers.shift() ?? null;
      return id === null ? null : ({ item: item(id, 3), origin: AD, hour: 0 } satisfies AdPick);
    },
    release: (pick) => void released.push(pick.item.mediaId),
  };
  return { source, asked, released };
}

/** An engine with its ads, its first item on screen at 0 ms. */
function withAds(items: ReturnType<typeof item>[], answers: Array<number | null>) {
  const p = setup(items, OWN);
  const ads = adSource(answers);
  p.engine.setAdSource(ads.source);
  p.finishLoading();
  return {
    ...p,
    ads,
    ad: () => p.view().layers[p.view().active!]?.ad ?? null,
    beneath: () => p.view().layers.find((l, i) => l && i !== p.view().active) ?? null,
  };
}

describe('ads in the window loop (docs/ads.md#placement)', () => {
  it("asks after each of its items, plays the ad's creative next, then goes on with the loop where it was", () => {
    const p = withAds([item(1, 2), item(2, 2), item(3, 2)], [90, null, 91]);
    // Asked when item 1 came on screen, for the moment it ends; the creative loads beneath it.
    expect(p.ads.asked).toEqual([2000]);
    expect(p.loading()?.item.mediaId).toBe(90);
    p.finishLoading();
    p.clock.tick(2000);
    expect(p.current()).toBe(90);
    expect(p.ad()).toEqual(AD);
    expect(p.loading()?.item.mediaId).toBe(2); // not 1 again: the item after the one it followed
    p.finishLoading();
    p.clock.tick(3000);
    expect(p.current()).toBe(2);
    expect(p.ads.asked).toEqual([2000, 7000]);
    expect(p.loading()?.item.mediaId).toBe(3); // no ad this time
    p.finishLoading();
    p.clock.tick(2000);
    p.finishLoading(); // 91 beneath item 3
    p.clock.tick(2000);
    expect(p.current()).toBe(91);
    p.finishLoading();
    p.clock.tick(3000);
    expect(p.current()).toBe(1);
    // Each creative's play carries the ad and its playlist, its own duration, completed.
    expect(p.records()).toEqual([
      [1, 10, null, 0, 2000, true],
      [90, 900, 9, 2000, 3000, true],
      [2, 10, null, 5000, 2000, true],
      [3, 10, null, 7000, 2000, true],
      [91, 900, 9, 9000, 3000, true],
    ]);
    expect(p.view().shownCount).toBe(6);
    expect(p.ads.released).toEqual([]);
  });

  it('a window of one item: the item, the ad, the item again', () => {
    const p = withAds([item(7, 1)], [90, null, null]);
    p.finishLoading();
    p.clock.tick(1000);
    expect(p.current()).toBe(90);
    p.clock.tick(3000); // item 7 was still loaded beneath: no reload
    expect(p.current()).toBe(7);
    p.clock.tick(1000);
    expect(p.current()).toBe(7);
    expect(p.records().map((r) => r[0])).toEqual([7, 90, 7]);
    expect(p.ads.asked).toEqual([1000, 5000, 6000]);
  });

  it("a creative that fails to load gives its play back; the window's next item follows, and the file is not asked again for a while", () => {
    const p = withAds([item(1, 2), item(2, 2)], [90, 90]);
    p.finishLoading(false);
    expect(p.ads.released).toEqual([90]);
    expect(p.loading()?.item.mediaId).toBe(2);
    p.finishLoading();
    p.clock.tick(2000);
    expect(p.current()).toBe(2);
    // Picked again at once: given back; item 1, still loaded beneath, comes next.
    expect(p.ads.released).toEqual([90, 90]);
    expect(p.beneath()?.item.mediaId).toBe(1);
    p.clock.tick(2000);
    expect(p.current()).toBe(1);
  });

  it('a creative that fails on its way on screen gives its play back; the item before it stays, then the loop goes on', () => {
    const p = setup([item(1, 2), item(2, 2)], OWN, false);
    const ads = adSource([90, null]);
    p.engine.setAdSource(ads.source);
    p.finishLoading();
    p.paint();
    p.finishLoading(); // 90 ready beneath item 1
    p.clock.tick(2000);
    expect(p.current()).toBe(90);
    const layer = p.view().active!;
    p.engine.failed(layer, p.view().layers[layer]!.loadId); // before its first frame
    expect(p.current()).toBe(1);
    expect(ads.released).toEqual([90]);
    expect(p.loading()?.item.mediaId).toBe(2);
    p.finishLoading();
    p.paint();
    expect(p.current()).toBe(2);
  });

  it('another playlist or the window closing gives back the ad picked ahead; an edit does not cut the ad on screen', () => {
    const p = withAds([item(1, 2), item(2, 2)], [90, 91]);
    p.engine.startOver([item(5, 2), item(6, 2)]);
    expect(p.ads.released).toEqual([90]);
    expect(p.loading()?.item.mediaId).toBe(5);
    p.finishLoading();
    expect(p.current()).toBe(5);
    p.finishLoading(); // 91, picked after item 5
    p.clock.tick(2000);
    expect(p.current()).toBe(91);
    // Item 5 removed while the ad plays: the ad stays its time, then the list starts over.
    p.engine.setItems([item(6, 2), item(8, 2)]);
    p.clock.tick(2999);
    expect(p.current()).toBe(91);
    p.finishLoading();
    p.clock.tick(1);
    expect(p.current()).toBe(6);

    const q = withAds([item(1, 2), item(2, 2)], [90]);
    q.engine.dispose();
    expect(q.ads.released).toEqual([90]);
  });

  it('new ads: the pick waiting is given back and the new ones are asked for the same moment', () => {
    const p = withAds([item(1, 2), item(2, 2)], [null]);
    expect(p.loading()?.item.mediaId).toBe(2);
    p.clock.tick(500);
    const next = adSource([92]);
    p.engine.setAdSource(next.source);
    expect(next.asked).toEqual([2000]);
    expect(p.loading()?.item.mediaId).toBe(92);
    p.engine.setAdSource(null);
    expect(next.released).toEqual([92]);
    expect(p.loading()?.item.mediaId).toBe(2);
  });
});
