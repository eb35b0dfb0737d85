import type { Page } from '@playwright/test';

/**
 * What a paired player shows, logged in its page on every change (an init script), for specs that
 * assert the order of what happened and the instant of each switch rather than how long it took.
 */
export interface ScreenEntry {
  /** The device's clock (the page's `Date.now()`, Playwright's when a page clock is installed). */
  t: number;
  /** The server's clock minus the device's, as the player stored it (`sinalize.player.clockOffset`). */
  offset: number;
  connection: string;
  fullScreen: string;
  campaigns: string;
  campaignId: string;
  /** One per window: `source:campaignId:playlistId:mediaIdOnScreen`. */
  windows: string[];
}

/** For `page.addInitScript`: logs every change of source, campaign, playlist, item on screen or connection. */
export const SCREEN_LOG_SCRIPT = () => {
  const log: ScreenEntry[] = [];
  (window as unknown as { __screen: ScreenEntry[] }).__screen = log;
  let last = '';
  const record = () => {
    const main = document.querySelector<HTMLElement>('main.player');
    if (!main?.dataset.deviceId) return;
    const windows = [...main.querySelectorAll<HTMLElement>('[data-window]')].map(
      (w) => `${w.dataset.source}:${w.dataset.campaignId}:${w.dataset.playlistId}:${w.dataset.mediaId ?? ''}`,
    );
    const entry = {
      t: Date.now(),
      offset: Number(localStorage.getItem('sinalize.player.clockOffset') ?? 0),
      connection: main.dataset.connection ?? '',
      fullScreen: main.dataset.fullScreen ?? '',
      campaigns: main.dataset.campaigns ?? '',
      campaignId: main.dataset.campaignId ?? '',
      windows,
    };
    const key = JSON.stringify({ ...entry, t: 0, offset: 0 });
    if (key === last) return;
    last = key;
    log.push(entry);
  };
  new MutationObserver(record).observe(document, { subtree: true, childList: true, attributes: true });
};

export const screenLog = (page: Page) => page.evaluate(() => (window as unknown as { __screen: ScreenEntry[] }).__screen);

/** The log reduced to what each window plays, repeats merged: e.g. `playlist::12` → `campaign:5:13`. */
export const sources = (log: ScreenEntry[]) =>
  log
    .map((e) => `${e.fullScreen === 'true' ? 'full ' : ''}${e.windows.map((w) => w.split(':').slice(0, 3).join(':')).join(' | ')}`)
    .filter((s, i, all) => i === 0 || s !== all[i - 1]);

/** An entry's instant on the player's clock corrected by the server's (the clock it decides by). */
export const correctedTime = (e: ScreenEntry) => e.t + e.offset;
