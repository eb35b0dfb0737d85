import { DEFAULT_TIME_ZONE } from '../../../contract/schedule';
import type { Db } from '../../db/client';
import { isServiceUnavailable } from '../../db/errors';
import type { EventBus } from '../../realtime/event-bus';
import { aims, createCampaignTargets, type CampaignEntry } from './campaign-targets';
import { createDeviceUrlCache } from './device-urls';
import { buildBody, playlistsOf, type CachedManifest, type DeviceState } from './manifest-body';
import { hash, loadDeviceRows, loadPlaylistWindows, playlistIdsOf, zonesOf, type WindowEntry } from './manifest-loads';
import type { MediaUrlSigner } from './signed-media';
import { backoffDelay } from '../../lib/timing';

export type { CachedManifest } from './manifest-body';

/** How often the campaigns within the horizon are checked again (a campaign entering it, one over). */
export const HORIZON_CHECK_MS = 60 * 60 * 1000;

/** The first wait before an event's handler runs again after the database failed it, and the longest. */
const REFRESH_RETRY_MS = 250;
const REFRESH_RETRY_MAX_MS = 5000;

export type ChangedManifests = Array<{ deviceId: number; version: string }>;

/**
 * The TV manifests (docs/tv-protocol.md#manifest and docs/benchmarks.md#targets). An edit costs what it changes:
 * a playlist edit reloads that one playlist (two queries), recomputes the version of the devices showing it (a
 * short hash each, no URL signed) and reports them at once; the pusher (`manifest-push.ts`) then builds each body
 * and sends it as the TV's notice. Bodies are built lazily, once per version and device (concurrent asks share
 * the build), with the media URLs signed for that device's pairing. Devices asked for in the same tick load in
 * one query, so the requests of a whole fleet reconnecting cost a handful of queries.
 * Events are handled one at a time, in order, so a slow reload never lands after a newer one.
 *
 * Campaigns (docs/scheduling.md#campaigns, `campaign-targets.ts`): a manifest carries the published campaigns aimed
 * at its device that play within the horizon, each with its playlist as a window is. A campaign's
 * change reloads that campaign and recomputes the versions of the devices it aims at (before or
 * after the change) only; the workspace's time zone, a device's group and the hourly horizon check
 * likewise touch only the devices concerned.
 */
export function createManifestService(
  db: Db,
  bus: EventBus,
  signer: MediaUrlSigner,
  now: () => Date = () => new Date(),
) {
  const windows = new Map<number, WindowEntry | null>();
  const states = new Map<number, DeviceState | null>();
  /** Playlist → the devices whose manifest shows it (cached ones): who an edit concerns. */
  const viewers = new Map<number, Set<number>>();
  /** Workspace → its cached devices: whom a campaign or the time zone may concern. */
  const members = new Map<number, Set<number>>();
  const targets = createCampaignTargets(db, now);
  const building = new Map<number, Promise<CachedManifest>>();
  const deviceUrls = createDeviceUrlCache(signer);
  const bodyOf = (state: DeviceState) =>
    buildBody(state, windows, deviceUrls.forBuild(state.device.id, state.tokenHash, state.expires));
  const listeners = new Set<(changed: ChangedManifests) => void>();

  const loadWindows = (ids: number[]) => loadPlaylistWindows(db, windows, ids);

  const windowVersion = (id: number | null) => (id === null ? null : (windows.get(id)?.version ?? null));
  function versionOf(state: Omit<DeviceState, 'version' | 'built'>): string {
    const campaignVersions = state.campaigns.map((c) => [c.hash, windowVersion(c.playlistId)]);
    return hash(
      JSON.stringify([
        state.device,
        state.zones,
        state.openingHours,
        state.playlistIds.map(windowVersion),
        state.tokenHash,
        state.expires,
        state.timeZone,
        campaignVersions,
      ]),
    );
  }

  const add = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(value);
  };

  function setState(deviceId: number, state: DeviceState | null) {
    const previous = states.get(deviceId);
    if (previous) {
      for (const id of playlistsOf(previous)) viewers.get(id)?.delete(deviceId);
      members.get(previous.workspaceId)?.delete(deviceId);
    }
    states.set(deviceId, state);
    if (!state) return;
    for (const id of playlistsOf(state)) add(viewers, id, deviceId);
    add(members, state.workspaceId, deviceId);
  }

  /** The campaigns aimed at the device now, and the workspace's zone (its entry is loaded). */
  const campaignsOf = (workspaceId: number, deviceId: number, groupId: number | null) => ({
    campaigns: targets.aimedAt(workspaceId, { deviceId, groupId }),
    timeZone: targets.timeZoneOf(workspaceId) ?? DEFAULT_TIME_ZONE,
  });

  /**
   * Recomputes the campaigns and versions of these cached devices (a campaign, the time zone or the
   * horizon moved) and reports those whose version moved. No device row is read.
   */
  async function refreshDevices(ids: Iterable<number>) {
    const cached = [...ids].map((id) => states.get(id)).filter((s): s is DeviceState => !!s);
    await loadWindows(
      cached.flatMap((s) => campaignsOf(s.workspaceId, s.device.id, s.groupId).campaigns.map((c) => c.playlistId)),
    );
    const changed: ChangedManifests = [];
    for (const { device } of cached) {
      const state = states.get(device.id);
      if (!state) continue;
      const base = { ...state, ...campaignsOf(state.workspaceId, device.id, state.groupId), built: undefined };
      const version = versionOf(base);
      if (version === state.version) continue;
      setState(device.id, { ...base, version });
      changed.push({ deviceId: device.id, version });
    }
    report(changed);
  }

  /** Loads (or reloads) these devices and the playlists they show; returns the versions that moved. */
  async function loadDevices(ids: number[]): Promise<ChangedManifests> {
    if (ids.length === 0) return [];
    const rows = await loadDeviceRows(db, ids);
    await targets.ensure(rows.map((d) => d.workspaceId));
    const campaignPlaylists = rows.flatMap((d) =>
      campaignsOf(d.workspaceId, d.id, d.groupId).campaigns.map((c) => c.playlistId),
    );
    await loadWindows([...rows.flatMap(playlistIdsOf).filter((id): id is number => id !== null), ...campaignPlaylists]);
    const changed: ChangedManifests = [];
    const found = new Set<number>();
    for (const d of rows) {
      found.add(d.id);
      const base = {
        device: { id: d.id, name: d.name, layout: d.layout, orientation: d.orientation, resolution: d.resolution },
        workspaceId: d.workspaceId,
        groupId: d.groupId,
        playlistIds: playlistIdsOf(d),
        zones: zonesOf(d),
        openingHours: d.openingHours ?? d.groupOpeningHours ?? null,
        ...campaignsOf(d.workspaceId, d.id, d.groupId),
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
      const build = loadWindows(playlistsOf(state)).then(() => {
        building.delete(deviceId);
        const latest = states.get(deviceId);
        const built = bodyOf(latest ?? state);
        if (latest) latest.built = built;
        return built;
      });
      // A build that failed (the database away) is forgotten: the next request builds again
      // instead of getting the same rejection until the cache is cleared.
      build.catch(() => {
        if (building.get(deviceId) === build) building.delete(deviceId);
      });
      building.set(deviceId, (pending = build));
    }
    return pending;
  }

  function report(changed: ChangedManifests) {
    if (changed.length) for (const listener of listeners) listener(changed);
  }

  function forget(deviceId: number) {
    setState(deviceId, null);
    states.delete(deviceId);
    deviceUrls.forget(deviceId);
  }

  /** A campaign changed or went: the devices it aims at, before or after, are recomputed. */
  async function onCampaign(workspaceId: number, campaignId: number) {
    await targets.settled(workspaceId);
    const change = await targets.reload(workspaceId, campaignId);
    if (!change) return;
    const concerned = (campaign: CampaignEntry | undefined, state: DeviceState) =>
      !!campaign && aims(campaign, { deviceId: state.device.id, groupId: state.groupId });
    const ids = [...(members.get(workspaceId) ?? [])].filter((id) => {
      const state = states.get(id);
      return state && change.some((campaign) => concerned(campaign, state));
    });
    await refreshDevices(ids);
  }

  async function onWorkspace(workspaceId: number) {
    await targets.settled(workspaceId);
    if (await targets.reloadWorkspace(workspaceId)) await refreshDevices(members.get(workspaceId) ?? []);
  }

  /** Its devices lost the group (the FK set it null): they and their campaigns are read again. */
  async function onGroupChanged(workspaceId: number, groupId: number) {
    const ids = [...(members.get(workspaceId) ?? [])].filter((id) => states.get(id)?.groupId === groupId);
    report(await loadDevices(ids));
  }

  const checkHorizon = () => refreshDevices(targets.refreshHorizon().flatMap((id) => [...(members.get(id) ?? [])]));

  /**
   * This process missed bus events (a Redis gap): nothing it keeps is known true. Every cached
   * device, every playlist and every workspace's campaigns are read again in one batch (a query
   * for all the devices, two for the workspaces, two or three for the playlists: the same for 10
   * TVs or 10,000), and the devices whose version moved are reported, so their sockets get
   * the new manifest (docs/scaling.md, "When PostgreSQL or Redis goes
   * away"). The states stay meanwhile: a TV asking gets what it had until the reload lands, and
   * its socket stays followed, so later edits still reach it at once.
   */
  async function reloadAll() {
    await batch;
    // Swapped in whole once read: a body built meanwhile never mixes read and unread playlists.
    const fresh = new Map<number, WindowEntry | null>();
    await loadPlaylistWindows(db, fresh, [...windows.keys()]);
    windows.clear();
    for (const [id, entry] of fresh) windows.set(id, entry);
    targets.clear();
    const changed = await loadDevices([...states.keys()]);
    // Builds begun before the reload are for the states it replaced.
    building.clear();
    report(changed);
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

  /** Set by `start`: queues the reload behind the events being handled. */
  let queueReload = (): Promise<void> => Promise.resolve();

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
      if (playlistsOf(state).some((id) => !windows.has(id))) return null;
      return (state.built = bodyOf(state));
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
      let stopped = false;
      let retryTimer: NodeJS.Timeout | undefined;
      let wakeRetry = () => {};
      /**
       * An event handled while the database is away would leave its devices' manifests as they
       * were (a playlist edit never reaching its TVs until another event): the handler runs again,
       * with backoff, until the database answers, and the queue waits for it so events stay in
       * order (docs/scaling.md, "When PostgreSQL or Redis goes away"). Any other failure is reported.
       */
      const untilDatabaseAnswers = async (task: () => Promise<void>) => {
        for (let attempt = 0; ; attempt++) {
          try {
            return await task();
          } catch (error) {
            if (stopped || !isServiceUnavailable(error)) throw error;
            await new Promise<void>((resolve) => {
              wakeRetry = resolve;
              retryTimer = setTimeout(resolve, backoffDelay(attempt, REFRESH_RETRY_MS, REFRESH_RETRY_MAX_MS));
            });
            if (stopped) return;
          }
        }
      };
      const enqueue = (task: () => Promise<void>) =>
        (queue = queue.then(() => untilDatabaseAnswers(task)).catch(onError));
      queueReload = () => enqueue(reloadAll);
      // A campaign comes within the horizon as time passes, with no event: checked every hour.
      const horizon = setInterval(() => enqueue(checkHorizon), HORIZON_CHECK_MS);
      horizon.unref();
      const unsubscribe = bus.subscribe((event) => {
        switch (event.type) {
          case 'campaign.changed':
          case 'campaign.deleted':
            enqueue(() => onCampaign(event.workspaceId, event.campaignId));
            break;
          case 'workspace.changed':
            enqueue(() => onWorkspace(event.workspaceId));
            break;
          // A group's opening hours are its screens' (docs/opening-hours.md); gone, its screens leave it.
          case 'group.changed':
          case 'group.deleted':
            enqueue(async () => {
              await batch;
              await onGroupChanged(event.workspaceId, event.groupId);
            });
            break;
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
      return () => {
        stopped = true;
        queueReload = () => Promise.resolve();
        clearTimeout(retryTimer);
        wakeRetry();
        clearInterval(horizon);
        unsubscribe();
      };
    },
    /**
     * This process missed bus events (a Redis gap): everything kept is read again in one batch, after
     * the events already queued, and the TVs whose version moved are told (`reloadAll`). Retried
     * with backoff while the database is away, as an event is. Resolves once it is done.
     */
    resync: (): Promise<void> => queueReload(),
    /** Forgets everything kept (tests: a cold cache). */
    clear() {
      for (const map of [windows, states, viewers, members, building]) map.clear();
      targets.clear();
      deviceUrls.clear();
    },
    /** The hourly horizon check, now (tests move the clock instead of waiting an hour). */
    checkHorizon,
  };
}
export type ManifestService = ReturnType<typeof createManifestService>;
