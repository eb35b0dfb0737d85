import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { MediaMimeType } from '../../../contract/media';
import type { Manifest, ManifestItem, ManifestWindow } from '../../../contract/tv';
import { anyOf } from '../../db/any-of';
import type { Db } from '../../db/client';
import { devices, media, playlistItems, playlists } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaUrlSigner } from './signed-media';

export interface CachedManifest {
  manifest: Manifest;
  /** The manifest as sent, and its strong ETag: a 304 costs no serialisation. */
  body: string;
  etag: string;
}

/** A playlist as every window showing it plays it; URLs are signed per device when a body is built. */
type WindowContent = Omit<ManifestWindow, 'items'> & { items: Array<Omit<ManifestItem, 'url'>> };
interface WindowEntry {
  content: WindowContent;
  version: string;
}

/** What a device's manifest is made of, and its version: cheap to recompute, no URL signed. */
interface DeviceState {
  device: Manifest['device'];
  playlistIds: Array<number | null>;
  tokenHash: string | null;
  expires: number;
  version: string;
  built?: CachedManifest;
}

export type ChangedManifests = Array<{ deviceId: number; version: string }>;

const hash = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * The TV manifests (DESIGN §5, §9). An edit costs what it changes: a playlist edit reloads that one
 * playlist (two queries), recomputes the version of the devices showing it (a short hash each, no
 * URL signed) and reports them at once, so their sockets get `content_changed` before any manifest is
 * built. Bodies are built lazily when a TV asks, once per version and device (concurrent asks share
 * the build), with the media URLs signed for that device's pairing. Devices asked for in the same
 * tick load in one query, so the requests of a whole fleet reconnecting cost a handful of queries.
 * Events are handled one at a time, in order, so a slow reload never lands after a newer one.
 */
export function createManifestService(db: Db, bus: EventBus, signer: MediaUrlSigner) {
  const windows = new Map<number, WindowEntry | null>();
  const states = new Map<number, DeviceState | null>();
  /** Playlist → the devices whose manifest shows it (cached ones): who an edit concerns. */
  const viewers = new Map<number, Set<number>>();
  const building = new Map<number, Promise<CachedManifest>>();
  const listeners = new Set<(changed: ChangedManifests) => void>();

  async function loadWindows(ids: number[]) {
    const missing = [...new Set(ids)].filter((id) => !windows.has(id));
    if (missing.length === 0) return;
    const lists = await db.select().from(playlists).where(anyOf(playlists.id, missing));
    const rows = await db
      .select({ playlistId: playlistItems.playlistId, duration: playlistItems.duration, media })
      .from(playlistItems)
      // Only ready media: until its processing ends a file may still be replaced (DESIGN §6).
      .innerJoin(media, and(eq(media.id, playlistItems.mediaId), eq(media.status, 'ready')))
      .where(anyOf(playlistItems.playlistId, missing))
      .orderBy(asc(playlistItems.playlistId), asc(playlistItems.order));
    const contents = new Map<number, WindowContent>();
    for (const list of lists) contents.set(list.id, { playlistId: list.id, name: list.name, startDate: list.startDate, durationDays: list.durationDays, items: [] });
    for (const { playlistId, duration, media: m } of rows) {
      contents.get(playlistId)?.items.push({ mediaId: m.id, mimeType: m.mimeType as MediaMimeType, size: m.size, sha256: m.sha256, duration });
    }
    for (const id of missing) {
      const content = contents.get(id);
      windows.set(id, content ? { content, version: hash(JSON.stringify(content)) } : null);
    }
  }

  type DeviceRow = Pick<typeof devices.$inferSelect, 'id' | 'name' | 'layout' | 'orientation' | 'resolution' | 'assignedPlaylistId1' | 'assignedPlaylistId2' | 'tokenHash'>;
  const deviceColumns = {
    id: devices.id,
    name: devices.name,
    layout: devices.layout,
    orientation: devices.orientation,
    resolution: devices.resolution,
    assignedPlaylistId1: devices.assignedPlaylistId1,
    assignedPlaylistId2: devices.assignedPlaylistId2,
    tokenHash: devices.tokenHash,
  };

  function versionOf(state: Omit<DeviceState, 'version' | 'built'>): string {
    const windowVersions = state.playlistIds.map((id) => (id === null ? null : (windows.get(id)?.version ?? null)));
    return hash(JSON.stringify([state.device, windowVersions, state.tokenHash, state.expires]));
  }

  function setState(deviceId: number, state: DeviceState | null) {
    const previous = states.get(deviceId);
    for (const id of previous?.playlistIds ?? []) if (id !== null) viewers.get(id)?.delete(deviceId);
    states.set(deviceId, state);
    for (const id of state?.playlistIds ?? []) {
      if (id === null) continue;
      let set = viewers.get(id);
      if (!set) viewers.set(id, (set = new Set()));
      set.add(deviceId);
    }
  }

  /** Loads (or reloads) these devices and the playlists they show; returns the versions that moved. */
  async function loadDevices(ids: number[]): Promise<ChangedManifests> {
    if (ids.length === 0) return [];
    const rows: DeviceRow[] = await db.select(deviceColumns).from(devices).where(anyOf(devices.id, ids));
    const playlistIdsOf = (d: DeviceRow) => (d.layout === 'dual' ? [d.assignedPlaylistId1, d.assignedPlaylistId2] : [d.assignedPlaylistId1]);
    await loadWindows(rows.flatMap(playlistIdsOf).filter((id): id is number => id !== null));
    const changed: ChangedManifests = [];
    const found = new Set<number>();
    for (const d of rows) {
      found.add(d.id);
      const base = {
        device: { id: d.id, name: d.name, layout: d.layout, orientation: d.orientation, resolution: d.resolution },
        playlistIds: playlistIdsOf(d),
        tokenHash: d.tokenHash,
        expires: signer.currentExpiry(),
      };
      const state = { ...base, version: versionOf(base) };
      const before = states.get(d.id);
      setState(d.id, state);
      if (before && before.version !== state.version) changed.push({ deviceId: d.id, version: state.version });
    }
    for (const id of ids) if (!found.has(id)) setState(id, null);
    return changed;
  }

  // Devices asked for in the same tick load together (one query for a reconnecting fleet).
  let wanted = new Set<number>();
  let batch: Promise<void> | null = null;
  function ensureState(deviceId: number): Promise<DeviceState | null> | DeviceState | null {
    const known = states.get(deviceId);
    if (known !== undefined) return known;
    wanted.add(deviceId);
    batch ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      const ids = [...wanted];
      wanted = new Set();
      batch = null;
      await loadDevices(ids.filter((id) => !states.has(id)));
    });
    return batch.then(() => states.get(deviceId) ?? null);
  }

  /** The day's URLs expire: a state signed for another day gets a new version (and new URLs). */
  function current(state: DeviceState): DeviceState {
    const expires = signer.currentExpiry();
    if (state.expires === expires) return state;
    const next = { ...state, expires, built: undefined };
    next.version = versionOf(next);
    states.set(state.device.id, next);
    return next;
  }

  function buildBody(state: DeviceState): CachedManifest {
    const manifest: Manifest = {
      version: state.version,
      device: state.device,
      windows: state.playlistIds.map((id) => {
        const content = id === null ? null : windows.get(id)?.content;
        if (!content) return null;
        return { ...content, items: content.items.map((item) => ({ ...item, url: signer.url(item.mediaId, state.device.id, state.tokenHash, state.expires) })) };
      }),
    };
    return { manifest, body: JSON.stringify(manifest), etag: `"${state.version}"` };
  }

  /**
   * `pairing`: the hash of the token the asking TV proved. A state signed for another pairing is
   * older than this TV's (its change event is still on its way): reload before signing its URLs.
   */
  async function get(deviceId: number, pairing?: string): Promise<CachedManifest | null> {
    let loaded = await ensureState(deviceId);
    if (loaded && pairing && loaded.tokenHash !== pairing) {
      report(await loadDevices([deviceId]));
      loaded = states.get(deviceId) ?? null;
      // Still another pairing: the asking token is no longer the device's (its revocation is on its
      // way). Its URLs must not be signed for the TV that replaced it.
      if (loaded && loaded.tokenHash !== pairing) return null;
    }
    if (!loaded) return null;
    const state = current(loaded);
    if (state.built) return state.built;
    let pending = building.get(deviceId);
    if (!pending) {
      // Windows a reload dropped (a deleted playlist, then re-created) load before the build.
      pending = loadWindows(state.playlistIds.filter((id): id is number => id !== null)).then(() => {
        building.delete(deviceId);
        const latest = states.get(deviceId);
        const built = buildBody(latest ?? state);
        if (latest) latest.built = built;
        return built;
      });
      building.set(deviceId, pending);
    }
    return pending;
  }

  function report(changed: ChangedManifests) {
    if (changed.length) for (const listener of listeners) listener(changed);
  }

  function forget(deviceId: number) {
    setState(deviceId, null);
    states.delete(deviceId);
  }

  async function onPlaylist(playlistId: number, deleted: boolean) {
    const watchers = [...(viewers.get(playlistId) ?? [])];
    windows.delete(playlistId);
    // Nobody here shows it: the next device that needs it loads it.
    if (watchers.length === 0) return;
    if (!deleted) await loadWindows([playlistId]);
    else windows.set(playlistId, null);
    const changed: ChangedManifests = [];
    for (const deviceId of watchers) {
      const state = states.get(deviceId);
      if (!state) continue;
      const version = versionOf(state);
      if (version === state.version) continue;
      states.set(deviceId, { ...state, version, built: undefined });
      changed.push({ deviceId, version });
    }
    report(changed);
  }

  return {
    get,
    /**
     * The ETag a TV of this pairing would get now, when it is known without a query or a build:
     * null sends the request down the regular path.
     */
    cachedEtag(deviceId: number, pairing: string): string | null {
      const state = states.get(deviceId);
      if (!state || state.tokenHash !== pairing || state.expires !== signer.currentExpiry()) return null;
      return `"${state.version}"`;
    },
    /**
     * The body `get` would answer this pairing now, built here and cached for `get` when all it
     * needs is in memory, without an await (the socket push builds thousands per slice); null when
     * something must load first (the caller then awaits `get`).
     */
    builtNow(deviceId: number, pairing: string): CachedManifest | null {
      const known = states.get(deviceId);
      if (!known || known.tokenHash !== pairing) return null;
      const state = current(known);
      if (state.built) return state.built;
      if (state.playlistIds.some((id) => id !== null && !windows.has(id))) return null;
      return (state.built = buildBody(state));
    },
    /** Whether this token hash is the device's pairing as far as the cache knows (pushes check it). */
    pairedWith(deviceId: number, pairing: string): boolean {
      return states.get(deviceId)?.tokenHash === pairing;
    },
    /** The current version without building the body (heartbeat answers). */
    async version(deviceId: number): Promise<string | null> {
      const state = await ensureState(deviceId);
      return state ? current(state).version : null;
    },
    onChanged(listener: (changed: ChangedManifests) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(onError: (error: unknown) => void) {
      let queue: Promise<void> = Promise.resolve();
      const enqueue = (task: () => Promise<void>) => (queue = queue.then(task).catch(onError));
      return bus.subscribe((event) => {
        switch (event.type) {
          case 'playlist.changed':
          case 'playlist.deleted':
            enqueue(() => onPlaylist(event.playlistId, event.type === 'playlist.deleted'));
            break;
          case 'device.changed':
            enqueue(async () => {
              // A load in flight may have read the row before this change: reload after it.
              await batch;
              if (states.has(event.deviceId)) report(await loadDevices([event.deviceId]));
            });
            break;
          case 'device.deleted':
          case 'device.disconnected':
            enqueue(async () => forget(event.deviceId));
            break;
          default:
        }
      });
    },
  };
}
export type ManifestService = ReturnType<typeof createManifestService>;
