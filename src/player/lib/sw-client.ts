import type { CacheFile, PageToWorker, WorkerToPage } from '../sw/messages';
import { appBridgeOf, appSyncPayload, parseAppCacheStatus } from './app-bridge';

/**
 * The page's side of the service worker (sw.ts): registration, the list of files to hold, and what
 * is cached so far. Service workers exist only in secure contexts (https, or localhost): elsewhere
 * the player still plays, straight from the network, and says so in `data-sw="unsupported"`. Inside
 * the Android TV app the app's native cache takes the worker's place (`lib/app-bridge.ts`,
 * `data-sw="app"`), on http too.
 */
export type WorkerState = 'unsupported' | 'registering' | 'controlled' | 'app';
export interface CacheStatus {
  worker: WorkerState;
  cached: number;
  missing: number;
  /**
   * The bytes of the files the service worker holds (their manifest sizes), once it has said which;
   * null before, without a worker, and inside the app (which tells counts only).
   */
  cachedBytes: number | null;
}

const WORKER_URL = '/player/sw.js';
const WORKER_SCOPE = '/player';
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const APP_STATUS_MS = 5000;

let status: CacheStatus = { worker: 'unsupported', cached: 0, missing: 0, cachedBytes: null };
const listeners = new Set<(status: CacheStatus) => void>();
let lastFiles: CacheFile[] | null = null;

function update(patch: Partial<CacheStatus>) {
  status = { ...status, ...patch };
  listeners.forEach((listener) => listener(status));
}

export const getCacheStatus = () => status;
export function onCacheStatus(listener: (status: CacheStatus) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const supported = () => 'serviceWorker' in navigator && window.isSecureContext;

/** Inside the Android app: its cache counts, read now and every few seconds. */
function watchApp() {
  const read = () => {
    const counts = parseAppCacheStatus(appBridgeOf(window)?.cacheStatus());
    if (counts) update(counts);
  };
  update({ worker: 'app' });
  read();
  setInterval(read, APP_STATUS_MS);
}

export function registerPlayerWorker() {
  // The app's cache answers the media itself: a service worker would store every file twice.
  if (appBridgeOf(window)) return watchApp();
  if (!supported()) return;
  const container = navigator.serviceWorker;
  const updating = !!container.controller;
  update({ worker: container.controller ? 'controlled' : 'registering' });
  container.addEventListener('controllerchange', () => {
    // A new version of the player was deployed and its worker took over: run the new page too
    // (the manifest and the media are on the device, so the reload plays at once).
    if (updating) {
      location.reload();
      return;
    }
    update({ worker: 'controlled' });
    // A worker that just took over has not heard the file list yet.
    if (lastFiles) post({ type: 'sync', files: lastFiles });
  });
  container.addEventListener('message', (event: MessageEvent<WorkerToPage>) => {
    if (event.data?.type === 'cache-status')
      update({
        cached: event.data.cached.length,
        missing: event.data.missing.length,
        cachedBytes: bytesOf(event.data.cached),
      });
  });
  container
    .register(WORKER_URL, { scope: WORKER_SCOPE })
    // A TV page runs for months: look for a new version every hour, not only on navigation.
    .then((registration) => setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS))
    .catch(() => update({ worker: 'unsupported' }));
}

/** The size of the held files, from the list they were asked with; null if one of them is not on it. */
function bytesOf(cached: readonly string[]): number | null {
  const sizes = new Map((lastFiles ?? []).map((f) => [f.sha256.toLowerCase(), f.size]));
  let total = 0;
  for (const sha of cached) {
    const size = sizes.get(sha.toLowerCase());
    if (size === undefined) return null;
    total += size;
  }
  return total;
}

function post(message: PageToWorker) {
  if (!supported()) return;
  void navigator.serviceWorker.ready.then((registration) => registration.active?.postMessage(message));
}

/** The files the worker must hold from now on (the others are deleted). */
export function syncCache(files: CacheFile[]) {
  lastFiles = files;
  const app = appBridgeOf(window);
  if (app) {
    app.syncMedia(appSyncPayload(files));
    update({ worker: 'app', ...(parseAppCacheStatus(app.cacheStatus()) ?? { missing: files.length, cached: 0 }) });
    return;
  }
  update({ missing: files.length, cached: 0 });
  post({ type: 'sync', files });
}
