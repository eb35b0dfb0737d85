import type { HealthReport } from '@contract/screen-health';
// Vite's JSON import keeps the named field only: the player's bundle gets the version, not the manifest.
import { version as builtVersion } from '../../../package.json';
import type { AppBridge } from './app-bridge';

/**
 * The player's build: package.json's version when it was built, the same `APP_VERSION` the server
 * that built it answers on `GET /api/health`. Baked in, not asked: a page the service worker kept
 * from an older deploy must say it is the older one (docs/screen-health.md#the-player).
 */
export const PLAYER_VERSION: string = builtVersion;

const GIB = 1024 ** 3;
const MAX_TEXT = { version: 40, platform: 300 } as const;

/** What the report reads from its surroundings: the page's globals, or a test's fakes. */
export interface HealthEnvironment {
  navigator: {
    userAgent?: string;
    /** GiB, rounded by the browser (Chromium, secure pages only). */
    deviceMemory?: number;
    storage?: { estimate?: () => Promise<{ quota?: number; usage?: number }> };
  };
  screen: { width: number; height: number } | undefined;
  devicePixelRatio: number | undefined;
  /** ms since the page started (`performance.now()`). */
  uptimeMs: () => number;
  /** `window.SinalizeApp` inside the Android app, else undefined. */
  app: (Partial<AppBridge> & { appVersion?: () => string }) | undefined;
  /** The media cache's bytes as the service worker client knows them (sw-client.ts), else null. */
  cacheBytes: () => number | null;
}

/** The page's own surroundings. */
export function pageEnvironment(cacheBytes: () => number | null): HealthEnvironment {
  return {
    navigator: navigator as HealthEnvironment['navigator'],
    screen: typeof screen === 'undefined' ? undefined : screen,
    devicePixelRatio: window.devicePixelRatio,
    uptimeMs: () => performance.now(),
    app: (window as { SinalizeApp?: HealthEnvironment['app'] }).SinalizeApp,
    cacheBytes,
  };
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null;
const bytes = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : null;

/** The screen in device pixels, `1920x1080`; null when the browser gives nothing usable. */
export function resolutionOf(env: Pick<HealthEnvironment, 'screen' | 'devicePixelRatio'>): string | null {
  const ratio = env.devicePixelRatio && env.devicePixelRatio > 0 ? env.devicePixelRatio : 1;
  if (!env.screen) return null;
  const value = `${Math.round(env.screen.width * ratio)}x${Math.round(env.screen.height * ratio)}`;
  return /^\d{2,5}x\d{2,5}$/.test(value) ? value : null;
}

/** The app's versionName (`0.1.0+281`); null in a browser, with an older app, or when the call fails. */
function appVersionOf(app: HealthEnvironment['app']): string | null {
  if (!app || typeof app.appVersion === 'undefined') return null;
  try {
    return text(app.appVersion(), MAX_TEXT.version);
  } catch {
    return null;
  }
}

type UpdateState = NonNullable<HealthReport['appUpdate']>['state'];
// Spelled here, not imported: the player does not load zod (the contract's module defines schemas).
const APP_UPDATE_STATES: readonly UpdateState[] = ['downloading', 'installing', 'waiting', 'failed'];

/** The app's update under way, from its JSON (`SinalizeApp.appUpdate()`); null when none or unreadable. */
function appUpdateOf(app: HealthEnvironment['app']): HealthReport['appUpdate'] {
  const read = (app as { appUpdate?: () => string | null } | undefined)?.appUpdate;
  if (typeof read !== 'function') return null;
  try {
    const raw = read.call(app);
    const value = raw ? (JSON.parse(raw) as { versionName?: unknown; state?: unknown }) : null;
    const state = APP_UPDATE_STATES.find((s) => s === value?.state);
    const versionName = text(value?.versionName, MAX_TEXT.version);
    return state && versionName ? { versionName, state } : null;
  } catch {
    return null;
  }
}

/** The TV's address on its network, as the Android app reads it (`SinalizeApp.localIp()`); null in a browser. */
function localIpOf(app: HealthEnvironment['app']): string | null {
  const read = (app as { localIp?: () => string | null } | undefined)?.localIp;
  if (typeof read !== 'function') return null;
  try {
    const value = read.call(app);
    return typeof value === 'string' && /^(\d{1,3}\.){3}\d{1,3}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

/** What the origin may still store: the browser's quota minus its usage (not the disk's free space). */
async function freeStorageOf(env: HealthEnvironment): Promise<number | null> {
  const storage = env.navigator.storage;
  if (!storage || typeof storage.estimate !== 'function') return null;
  try {
    const { quota, usage } = await storage.estimate();
    const q = bytes(quota);
    const u = bytes(usage);
    return q === null || u === null ? null : Math.max(0, q - u);
  } catch {
    return null;
  }
}

/**
 * Today's report (docs/screen-health.md#the-player), `lastError` given by the caller. Every value
 * is what the page can read; one it cannot is null, never a guess: `localIp` comes from the Android
 * app (a page cannot read it; null in a browser), `memoryBytes` is the device's memory as the browser
 * rounds it (`navigator.deviceMemory`, Chromium on secure pages only).
 */
export async function collectHealth(
  env: HealthEnvironment,
  lastError: HealthReport['lastError'],
): Promise<HealthReport> {
  const memory = env.navigator.deviceMemory;
  const uptime = env.uptimeMs();
  return {
    playerVersion: text(PLAYER_VERSION, MAX_TEXT.version),
    appVersion: appVersionOf(env.app),
    appUpdate: appUpdateOf(env.app),
    platform: text(env.navigator.userAgent, MAX_TEXT.platform),
    resolution: resolutionOf(env),
    freeStorageBytes: await freeStorageOf(env),
    cacheBytes: bytes(env.cacheBytes()),
    memoryBytes: typeof memory === 'number' && memory > 0 ? bytes(memory * GIB) : null,
    uptimeSeconds: Number.isFinite(uptime) && uptime >= 0 ? Math.floor(uptime / 1000) : null,
    localIp: localIpOf(env.app),
    lastError,
  };
}
