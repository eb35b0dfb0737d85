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
}

/** The app's bridge on this window, or null in a browser. */
export function appBridgeOf(win: unknown): AppBridge | null {
  const bridge = (win as { SinalizeApp?: Partial<AppBridge> } | null)?.SinalizeApp;
  // Java objects show their methods as functions (typeof 'function' or 'object' depending on the WebView).
  return bridge && typeof bridge.syncMedia !== 'undefined' && typeof bridge.cacheStatus !== 'undefined'
    ? (bridge as AppBridge)
    : null;
}

/**
 * What the app is told: the files, as JSON (the bridge passes strings only). Those named by their
 * address are left out: the app checks every download against its hash and would refuse them.
 */
export const appSyncPayload = (files: readonly CacheFile[]) =>
  JSON.stringify(
    files.filter((f) => !f.keyedByUrl).map(({ sha256, url, mimeType, size }) => ({ sha256, url, mimeType, size })),
  );

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
