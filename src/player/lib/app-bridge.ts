import type { CacheFile } from '../sw/messages';

/**
 * `window.SinalizeApp`: present when the player runs inside the Android TV app (android/, class
 * AppBridge). The app keeps the media on its own disk and answers the media requests itself, so the
 * player hands it the manifest's files instead of a service worker, which a WebView on a plain-http
 * LAN does not get.
 */
export interface AppBridge {
  /** JSON array of the manifest's files ({sha256, url, mimeType, size}): fetch the missing, drop the rest. */
  syncMedia(json: string): void;
  /** JSON `{"cached": n, "missing": m}`. */
  cacheStatus(): string;
  /** Keep the screen on (true), or let it sleep outside the opening hours (false); older apps lack it. */
  setKeepScreenOn?(on: boolean): void;
  /**
   * Shows a web page in a WebView of the app's own, over the player, where framing rules do not
   * apply (docs/android.md#web-pages): `key` names it until `hideWebPage`; the rectangle is the
   * zone's on screen in CSS px (`getBoundingClientRect`), `rotation` the stage's turn in degrees (0
   * or 90), `zoomPercent` the item's zoom. The first call loads it, later ones move it. The app
   * answers through `window.__sinalizeWebPage(key, 'loaded' | 'failed')`. Older apps lack it.
   */
  showWebPage?(
    key: string,
    url: string,
    left: number,
    top: number,
    width: number,
    height: number,
    rotation: number,
    zoomPercent: number,
  ): void;
  /** Loads the page again beneath the shown one, swapped in once loaded (its refresh interval). */
  reloadWebPage?(key: string): void;
  /** Takes the page off the screen and frees its WebView. */
  hideWebPage?(key: string): void;
}

/** The app's calls that put a web page on screen natively. */
export type WebPageBridge = Required<Pick<AppBridge, 'showWebPage' | 'reloadWebPage' | 'hideWebPage'>>;

/** What the app says of a page it was asked to show. */
export type WebPageState = 'loaded' | 'failed';

/** The function the app calls on the player's window (android/.../core/WebPagePolicy.java). */
export const WEB_PAGE_CALLBACK = '__sinalizeWebPage';

/**
 * The app's web-page calls on this window, or null (a browser, or an app older than them): then the
 * player frames the page itself, as a browser does.
 */
export function webPageBridgeOf(win: unknown): WebPageBridge | null {
  const bridge = (win as { SinalizeApp?: Partial<AppBridge> } | null)?.SinalizeApp;
  return bridge &&
    typeof bridge.showWebPage !== 'undefined' &&
    typeof bridge.reloadWebPage !== 'undefined' &&
    typeof bridge.hideWebPage !== 'undefined'
    ? (bridge as WebPageBridge)
    : null;
}

type WebPageWindow = { [WEB_PAGE_CALLBACK]?: (key: unknown, state: unknown) => void };
const webPageListeners = new Map<string, (state: WebPageState) => void>();
let nextWebPageKey = 0;

/** A key for one page on screen, unique in this page load (the app clears its pages when the player reloads). */
export const newWebPageKey = () => `wp-${++nextWebPageKey}`;

/**
 * Hears what the app says of the page `key` (installs the window's callback the first time); the
 * returned function stops listening. Unknown keys and states are ignored.
 */
export function onWebPageState(win: unknown, key: string, listener: (state: WebPageState) => void): () => void {
  const target = win as WebPageWindow;
  if (!target[WEB_PAGE_CALLBACK])
    target[WEB_PAGE_CALLBACK] = (k, state) => {
      if (typeof k === 'string' && (state === 'loaded' || state === 'failed')) webPageListeners.get(k)?.(state);
    };
  webPageListeners.set(key, listener);
  return () => {
    if (webPageListeners.get(key) === listener) webPageListeners.delete(key);
  };
}

/** The app's bridge on this window, or null in a browser. */
export function appBridgeOf(win: unknown): AppBridge | null {
  const bridge = (win as { SinalizeApp?: Partial<AppBridge> } | null)?.SinalizeApp;
  // Java objects show their methods as functions (typeof 'function' or 'object' depending on the WebView).
  return bridge && typeof bridge.syncMedia !== 'undefined' && typeof bridge.cacheStatus !== 'undefined'
    ? (bridge as AppBridge)
    : null;
}

/** What the app is told: the files, as JSON (the bridge passes strings only), each by its hash. */
export const appSyncPayload = (files: readonly CacheFile[]) =>
  JSON.stringify(files.map(({ sha256, url, mimeType, size }) => ({ sha256, url, mimeType, size })));

/** The app's cache counts, or null when its answer is not what it should be. */
export function parseAppCacheStatus(text: unknown): { cached: number; missing: number } | null {
  if (typeof text !== 'string') return null;
  try {
    const value = JSON.parse(text) as { cached?: unknown; missing?: unknown };
    const ok = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
    return ok(value.cached) && ok(value.missing) ? { cached: value.cached, missing: value.missing } : null;
  } catch {
    return null;
  }
}

/**
 * Tells the Android app whether to keep the screen on (docs/opening-hours.md): an older app without
 * the method, or a browser, is left as it is. A failing bridge call must not stop the player.
 */
export function keepScreenOn(win: unknown, on: boolean): boolean {
  const bridge = (win as { SinalizeApp?: Partial<AppBridge> } | null)?.SinalizeApp;
  if (!bridge || typeof bridge.setKeepScreenOn === 'undefined') return false;
  try {
    bridge.setKeepScreenOn(on);
    return true;
  } catch {
    return false;
  }
}
