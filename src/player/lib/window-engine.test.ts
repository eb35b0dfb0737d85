import { describe, expect, it } from 'vitest';
import type { ManifestItem } from '@contract/tv';
import { feedOptions } from './test-manifests';
import { item, setup } from './test-engine';
import { FAILED_RETRY_MS, PAINT_TIMEOUT_MS } from './window-engine';

describe('window playback engine', () => {
  it('shows nothing until the first item is ready, then preloads the next one beneath it', () => {
    const p = setup([item(1), item(2), item(3)]);
    expect(p.current()).toBeNull();
    expect(p.loading()?.item.mediaId).toBe(1);
    p.finishLoading();
    expect(p.current()).toBe(1);
    expect(p.view().shownCount).toBe(1);
    expect(p.loading()?.item.mediaId).toBe(2);
  });

  it('advances at each duration, loops, and waits on screen for a next item still loading', () => {
    const p = setup([item(1, 2), item(2, 3), item(3, 1)]);
    p.finishLoading();
    p.finishLoading(); // item 2 ready beneath
    p.clock.tick(1999);
    expect(p.current()).toBe(1);
    p.clock.tick(1);
    expect(p.current()).toBe(2);
    expect(p.loading()?.item.mediaId).toBe(3);
    p.clock.tick(3000 + 5000); // item 3 not loaded yet: item 2 stays, nothing goes blank
    expect(p.current()).toBe(2);
    p.finishLoading();
    expect(p.current()).toBe(3);
    p.finishLoading(); // 1 again, loaded into the layer item 2 used
    p.clock.tick(1000);
    expect(p.current()).toBe(1);
    expect(p.view().shownCount).toBe(4);
  });

  it('with two items, each layer keeps its item: swaps need no reload', () => {
    const p = setup([item(1, 1), item(2, 1)]);
    p.finishLoading();
    p.finishLoading();
    p.clock.tick(1000);
    expect(p.current()).toBe(2);
    expect(p.loading()).toBeNull();
    p.clock.tick(1000);
    expect(p.current()).toBe(1);
    expect(p.view().shownCount).toBe(3);
  });

  it('repeats a single item at its duration', () => {
    const p = setup([item(7, 1)]);
    p.finishLoading();
    expect(p.loading()).toBeNull();
    p.clock.tick(3000);
    expect(p.current()).toBe(7);
    expect(p.view().shownCount).toBe(4);
  });

  it('passes over an item that fails to load, and tries it again later', () => {
    const p = setup([item(1, 1), item(2, 1), item(3, 1), item(4, 1)]);
    p.finishLoading();
    p.finishLoading(false); // item 2 broken
    expect(p.loading()?.item.mediaId).toBe(3);
    p.finishLoading();
    p.clock.tick(1000);
    expect(p.current()).toBe(3);
    p.finishLoading(); // 4
    p.clock.tick(1000);
    expect(p.current()).toBe(4);
    p.finishLoading(); // 1
    p.clock.tick(1000);
    expect(p.current()).toBe(1);
    expect(p.loading()?.item.mediaId).toBe(3); // 2 still passed over
    p.clock.tick(FAILED_RETRY_MS);
    expect(p.current()).toBe(1);
    expect(p.loading()?.item.mediaId).toBe(2); // its time is up: tried again
  });

  it('says unavailable when nothing can load', () => {
    const p = setup([item(1)]);
    p.finishLoading(false);
    expect(p.view()).toMatchObject({ active: null, unavailable: true });
  });

  it('applies a playlist edit after the current item, or at once when the current item left', () => {
    const p = setup([item(1, 2), item(2, 2)]);
    p.finishLoading();
    p.finishLoading();
    p.engine.setItems([item(1, 2), item(9, 2)]); // 2 replaced by 9: the preload follows
    expect(p.loading()?.item.mediaId).toBe(9);
    p.finishLoading();
    p.clock.tick(2000);
    expect(p.current()).toBe(9);

    p.engine.setItems([item(5, 10)]); // 9 removed while on screen: 5 replaces it as soon as ready
    expect(p.current()).toBe(9);
    p.finishLoading();
    expect(p.current()).toBe(5);
  });

  it('starts another playlist at its first item, keeping the old item on screen until that one is ready', () => {
    const p = setup([item(1, 5), item(2, 5), item(3, 5)]);
    p.finishLoading();
    p.finishLoading();
    p.clock.tick(5000);
    expect(p.current()).toBe(2);

    // The new list holds item 2 too, but it is not carried over: the first item comes next, at once.
    p.engine.startOver([item(7, 4), item(2, 4)]);
    expect(p.current()).toBe(2);
    expect(p.loading()?.item.mediaId).toBe(7);
    p.finishLoading();
    expect(p.current()).toBe(7);
    p.finishLoading();
    p.clock.tick(4000);
    expect(p.current()).toBe(2);

    // Back to the first list: from its start again.
    p.engine.startOver([item(1, 5), item(2, 5), item(3, 5)]);
    p.finishLoading();
    expect(p.current()).toBe(1);
  });

  describe('no gap between items (docs/layouts.md#the-player)', () => {
    it('keeps the outgoing item drawn beneath the incoming one until that one has painted', () => {
      const p = setup([item(1, 2), item(2, 2), item(3, 2)], { playlistId: 1, campaignId: null }, false);
      p.finishLoading();
      expect(p.view()).toMatchObject({ active: 0, leaving: null, painting: true });
      p.paint();
      p.finishLoading(); // item 2 ready beneath
      p.clock.tick(2000);
      // Item 2 is on top (its turn came on time), item 1 still drawn beneath it: 3 does not load yet.
      expect(p.view()).toMatchObject({ active: 1, leaving: 0, painting: true });
      expect(p.view().layers[0]!.item.mediaId).toBe(1);
      expect(p.loading()).toBeNull();
      expect(p.records()).toEqual([[1, 1, null, 0, 2000, true]]);
      p.clock.tick(700); // a slow first frame: item 1 stays beneath meanwhile
      expect(p.view()).toMatchObject({ active: 1, leaving: 0 });
      p.paint();
      expect(p.view()).toMatchObject({ active: 1, leaving: null, painting: false });
      expect(p.loading()?.item.mediaId).toBe(3);
      p.finishLoading();
      p.clock.tick(1299);
      expect(p.current()).toBe(2);
      p.clock.tick(1);
      expect(p.current()).toBe(3);
      expect(p.records()[1]).toEqual([2, 1, null, 2000, 2000, true]);
    });

    it('the next turn waits for the paint: an item never leaves before the one it replaced is gone', () => {
      const p = setup([item(1, 1), item(2, 1), item(3, 1)], undefined, false);
      p.finishLoading();
      p.paint();
      p.finishLoading();
      p.clock.tick(1000);
      p.clock.tick(1000); // item 2's time is up but it never painted (until the fallback)
      expect(p.view()).toMatchObject({ active: 1, leaving: 0 });
      p.paint();
      p.finishLoading(); // 3 ready: due, so it comes at once
      expect(p.current()).toBe(3);
    });

    it('takes the item as painted after PAINT_TIMEOUT_MS when no frame is reported', () => {
      const p = setup([item(1, 2), item(2, 2)], undefined, false);
      p.finishLoading();
      p.clock.tick(PAINT_TIMEOUT_MS);
      expect(p.view()).toMatchObject({ active: 0, painting: false });
    });

    it('an item that fails on its way on screen is passed over; the outgoing one stays until the next paints', () => {
      const p = setup([item(1, 2), item(2, 2), item(3, 2)], undefined, false);
      p.finishLoading();
      p.paint();
      p.finishLoading(); // 2 ready
      p.clock.tick(2000);
      expect(p.view()).toMatchObject({ active: 1, leaving: 0 });
      p.engine.failed(1, p.view().layers[1]!.loadId); // 2 breaks before its first frame
      expect(p.view()).toMatchObject({ active: 0, leaving: null, painting: false });
      expect(p.current()).toBe(1);
      expect(p.records().map((r) => r[0])).toEqual([1, 2]);
      expect(p.loading()?.item.mediaId).toBe(3);
      p.finishLoading(); // 3 replaces 1 at once: 1's time was up
      expect(p.view()).toMatchObject({ active: 1, leaving: 0, painting: true });
      p.paint();
      expect(p.current()).toBe(3);
    });

    it('the first item that fails before painting leaves the window waiting for the next one', () => {
      const p = setup([item(1, 2), item(2, 2)], undefined, false);
      p.finishLoading();
      p.engine.failed(0, p.view().layers[0]!.loadId);
      expect(p.view()).toMatchObject({ active: null, leaving: null });
      expect(p.loading()?.item.mediaId).toBe(2);
    });
  });

  describe('proof of play', () => {
    it('records each item when it leaves the screen: its start, time shown and whether it ran its duration', () => {
      const p = setup([item(1, 2), item(2, 3)], { playlistId: 10, campaignId: null });
      p.clock.tick(500); // nothing on screen while the first item loads: nothing counted
      p.finishLoading();
      p.clock.tick(2000); // item 2 not loaded yet: item 1 stays longer than its duration
      p.clock.tick(700);
      p.finishLoading();
      expect(p.current()).toBe(2);
      expect(p.records()).toEqual([[1, 10, null, 500, 2700, true]]);
      p.clock.tick(3000);
      expect(p.records()).toEqual([
        [1, 10, null, 500, 2700, true],
        [2, 10, null, 3200, 3000, true],
      ]);
    });

    it('a single repeating item makes one record per repeat', () => {
      const p = setup([item(7, 1)], { playlistId: 4, campaignId: null });
      p.finishLoading();
      p.clock.tick(3000);
      expect(p.records()).toEqual([
        [7, 4, null, 0, 1000, true],
        [7, 4, null, 1000, 1000, true],
        [7, 4, null, 2000, 1000, true],
      ]);
    });

    it('a campaign cutting in ends the item early (not completed) and the next records carry the campaign', () => {
      const p = setup([item(1, 5), item(2, 5)], { playlistId: 10, campaignId: null });
      p.finishLoading();
      p.finishLoading();
      p.clock.tick(2000);
      p.engine.startOver([item(8, 4)], { playlistId: 20, campaignId: 3 });
      p.clock.tick(100);
      p.finishLoading();
      expect(p.current()).toBe(8);
      expect(p.records()).toEqual([[1, 10, null, 0, 2100, false]]);
      p.clock.tick(4000);
      expect(p.records()[1]).toEqual([8, 20, 3, 2100, 4000, true]);
    });

    it('closing the window ends the item on screen; nothing is recorded afterwards', () => {
      const p = setup([item(1, 5)], { playlistId: 10, campaignId: null });
      p.finishLoading();
      p.clock.tick(1500);
      p.engine.dispose();
      p.clock.tick(10_000);
      expect(p.records()).toEqual([[1, 10, null, 0, 1500, false]]);
    });
  });

  it("hands a feed's newer items (same hash) to the layer showing it, without a reload", () => {
    const feed = (title: string): ManifestItem => ({
      ...item(1),
      url: '',
      mimeType: 'application/vnd.sinalize.feed+json',
      content: {
        kind: 'feed',
        options: feedOptions({ url: 'https://noticias.example/rss' }),
        items: [{ title, summary: '', publishedAt: null, imageUrl: null }],
      },
    });
    const p = setup([feed('Antiga'), item(2)]);
    p.finishLoading();
    p.finishLoading();
    const shown = p.view().layers[p.view().active!]!;
    const loadId = shown.loadId;
    const newer = feed('Nova');
    p.engine.setItems([newer, item(2)]);
    const after = p.view().layers[p.view().active!]!;
    expect(after.item).toBe(newer);
    expect(after.loadId).toBe(loadId);
    expect(p.view().shownCount).toBe(1);
  });

  it('keeps the item a layer holds when only its signed address changed (a daily new signature)', () => {
    const p = setup([item(1), item(2)]);
    p.finishLoading();
    p.finishLoading();
    const shown = p.view().layers[p.view().active!]!.item;
    p.engine.setItems([
      { ...item(1), url: '/api/tv/media/1?expires=2' },
      { ...item(2), url: '/api/tv/media/2?expires=2' },
    ]);
    expect(p.view().layers[p.view().active!]!.item).toBe(shown);
  });
});
