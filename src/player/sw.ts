/**
 * The TV player's service worker (served as /player/sw.js, scope /player). It makes the player
 * offline-first:
 * - media: every file of the current manifest is kept in Cache Storage under its sha256, fetched
 *   ahead of time and dropped when it leaves the manifest; media requests are answered from there
 *   (with `Range` → 206, so cached videos play and seek): a request for a file still downloading
 *   waits for it, so one <video> never gets answers from two sources; only files that are not in
 *   the manifest (or failed to download) go to the network;
 * - the app itself: /player (network first, the cached copy when the server is out of reach) and
 *   its hashed /assets/ files (cache first), so even a reload with the server down plays.
 * It imports nothing the page imports, so it builds into one classic script.
 */
import { cacheKeyOf, shaOf, shaOfKey } from './sw/media-keys';
import type { CacheFile, PageToWorker, WorkerToPage } from './sw/messages';
import { rangedResponse } from './sw/range';
import type { ServiceWorkerScope } from './sw/sw-types';

const sw = self as unknown as ServiceWorkerScope;
const MEDIA_CACHE = 'sinalize-player-media-v1';
const SHELL_CACHE = 'sinalize-player-shell-v1';
const SHELL_URL = '/player';
const NAVIGATION_TIMEOUT_MS = 4000;
const PARALLEL_DOWNLOADS = 2;

/** The files the page last asked for (sha256 → file). Lost when the worker sleeps; the page re-sends. */
let wanted = new Map<string, CacheFile>();
const downloads = new Map<string, Promise<boolean>>();

sw.addEventListener('install', (event) => {
  void sw.skipWaiting();
  event.waitUntil(refreshShell().catch(() => undefined));
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('sinalize-player-') && name !== MEDIA_CACHE && name !== SHELL_CACHE)
          await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin) return;
  const sha = shaOf(url);
  if (sha) {
    event.respondWith(mediaResponse(request, sha));
  } else if (request.mode === 'navigate' && (url.pathname === SHELL_URL || url.pathname.startsWith(`${SHELL_URL}/`))) {
    event.respondWith(shellResponse(request, event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetResponse(request));
  }
});

sw.addEventListener('message', (event) => {
  const message = event.data as PageToWorker | null;
  if (message?.type === 'sync') event.waitUntil(sync(message.files));
  else if (message?.type === 'status') event.waitUntil(reportStatus());
});

async function mediaResponse(request: Request, sha: string): Promise<Response> {
  const cache = await caches.open(MEDIA_CACHE);
  const key = cacheKeyOf(sha);
  let hit = await cache.match(key);
  // Not cached yet (the first play of a new file): wait for the download of the whole file, then
  // answer from the cache like every later request. Answering some of a <video>'s requests from the
  // network and the next ones from the cache (the download finished in between) mixed two sources
  // in one element, and Chromium failed it (media error 2, the item passed over for 30 s).
  // A worker the browser restarted has forgotten the manifest's list (memory only) until the page
  // posts it again: the request's own URL names the file as well (same signed URL, no Range).
  const file = wanted.get(sha) ?? { sha256: sha, url: request.url, mimeType: '', size: 0 };
  if (!hit && (await download(file))) hit = await cache.match(key);
  if (hit) {
    const blob = await hit.blob();
    return rangedResponse(
      blob,
      hit.headers.get('content-type') ?? blob.type ?? 'application/octet-stream',
      request.headers.get('range'),
      hit.headers,
    );
  }
  // Its download failed: the network, Range passed through.
  return fetch(request);
}

/** Stores one file under its hash; true when it is (or already was) in the cache. */
function download(file: CacheFile): Promise<boolean> {
  const running = downloads.get(file.sha256);
  if (running) return running;
  const job = (async () => {
    const cache = await caches.open(MEDIA_CACHE);
    const key = cacheKeyOf(file.sha256);
    if (await cache.match(key)) return true;
    try {
      const response = await fetch(file.url, { cache: 'no-store', credentials: 'omit' });
      if (response.status !== 200) return false;
      const length = Number(response.headers.get('content-length') ?? file.size);
      if (file.size && length !== file.size) return false;
      // Streams to disk; a connection cut midway rejects and stores nothing.
      await cache.put(key, response);
      return true;
    } catch {
      return false;
    }
  })().finally(() => downloads.delete(file.sha256));
  downloads.set(file.sha256, job);
  return job;
}

async function sync(files: CacheFile[]) {
  wanted = new Map(files.map((f) => [f.sha256.toLowerCase(), { ...f, sha256: f.sha256.toLowerCase() }]));
  const cache = await caches.open(MEDIA_CACHE);
  for (const request of await cache.keys()) {
    const sha = shaOfKey(request.url);
    if (sha && !wanted.has(sha)) await cache.delete(request);
  }
  await reportStatus();
  const queue = [...wanted.values()];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      if (!wanted.has(file.sha256)) continue;
      await download(file);
      await reportStatus();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, worker));
}

async function reportStatus() {
  const cache = await caches.open(MEDIA_CACHE);
  const held = new Set((await cache.keys()).map((r) => shaOfKey(r.url)).filter((s): s is string => s !== null));
  const cached = [...wanted.keys()].filter((s) => held.has(s));
  const missing = [...wanted.keys()].filter((s) => !held.has(s));
  const message: WorkerToPage = { type: 'cache-status', cached, missing };
  for (const client of await sw.clients.matchAll({ type: 'window' })) client.postMessage(message);
}

/** The page: from the network when it answers in time (and kept), else the copy from the last visit. */
async function shellResponse(request: Request, event: { waitUntil(p: Promise<unknown>): void }): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await withTimeout(fetch(request), NAVIGATION_TIMEOUT_MS);
    if (response.ok) {
      const html = await response.clone().text();
      event.waitUntil(
        cache
          .put(SHELL_URL, response.clone())
          .then(() => cacheAssets(html))
          .catch(() => undefined),
      );
    }
    return response;
  } catch {
    return (await cache.match(SHELL_URL)) ?? Response.error();
  }
}

/** Hashed files never change: the cached copy first. */
async function assetResponse(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const path = new URL(request.url).pathname;
  const hit = await cache.match(path);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) await cache.put(path, response.clone()).catch(() => undefined);
  return response;
}

async function refreshShell() {
  const response = await fetch(SHELL_URL, { cache: 'no-store' });
  if (!response.ok) return;
  const html = await response.clone().text();
  await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response);
  await cacheAssets(html);
}

/** Keeps exactly the /assets/ files the current page references (scripts, styles, preloads). */
async function cacheAssets(html: string) {
  const cache = await caches.open(SHELL_CACHE);
  const assets = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!));
  for (const path of assets) {
    if (await cache.match(path)) continue;
    const response = await fetch(path).catch(() => null);
    if (response?.ok) await cache.put(path, response);
  }
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/') && !assets.has(path)) await cache.delete(request);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
