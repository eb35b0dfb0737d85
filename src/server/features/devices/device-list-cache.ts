import type { Device } from '../../../contract/devices';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { cachedJson, type ApiEncoding, type CachedJson } from '../../http/compress-api';
import type { DomainEvent } from '../../realtime/event-bus';
import { listDevicesJson, type DeviceDeps } from './device-service';

/** Workspaces whose list is kept; the least recently asked goes first (5,000 devices ≈ 2 MB of JSON). */
const MAX_WORKSPACES = 64;
/** A list nobody asked for in this long is dropped rather than kept up to date. */
const IDLE_MS = 60_000;
/**
 * A list this old is read again in the background when asked for (the kept one answers meanwhile):
 * an event lost while Redis was unreachable is made good within a minute.
 */
const REFRESH_AFTER_MS = 60_000;

interface Entry {
  /** Parsed once per build, patched in place by heartbeats and status changes. */
  devices: Device[];
  byId: Map<number, Device>;
  /** The answer as sent: made again, with its Brotli form, soon after heartbeats patch the list. */
  answer: CachedJson | null;
  /** The encodings clients asked for (Brotli from browsers, gzip from scripts). */
  encodings: Set<ApiEncoding>;
  lastAsked: number;
  readAt: number;
}

/** A change to a kept list; false when it cannot be made there (the list must be read again). */
type Change = (entry: Entry) => boolean;

interface Build {
  entry: Promise<Entry>;
  changes: Change[];
}

/**
 * `GET /api/devices` per workspace, kept between requests (issue 12: with 5,000 TVs beating, the
 * same process answered the list at p99 237 ms, most of it the query on the embedded database's
 * thread). Every change to a device is announced on the bus after its commit, and the bus is what
 * keeps this true: heartbeats, status changes and edits are applied to the kept list, and a new
 * device, a rename and a removal are placed in it, in the one order of names (`contract/sort.ts`,
 * the order the read itself is sorted in, and the admin UI's: docs/ordering.md). A group or
 * playlist removed (which clears the devices' references) drops it, and the next request reads the
 * database again. A user removed (`session.ended` without a token) hands their devices to another
 * user: every list goes.
 */
export function createDeviceListCache(deps: DeviceDeps) {
  const entries = new Map<number, Entry>();
  /** One read per workspace at a time; what the bus says meanwhile is kept for it. */
  const builds = new Map<number, Build>();

  function change(workspaceId: number, make: Change) {
    builds.get(workspaceId)?.changes.push(make);
    const entry = entries.get(workspaceId);
    if (!entry) return;
    if (!make(entry)) return void entries.delete(workspaceId);
    entry.answer = null;
    prepareSoon(workspaceId);
  }

  /**
   * A flush patches thousands of devices at once: the answer is made again once, after them, so
   * the next request finds it ready instead of paying for the serialising and the compression.
   */
  const preparing = new Set<number>();
  function prepareSoon(workspaceId: number) {
    if (preparing.has(workspaceId)) return;
    preparing.add(workspaceId);
    setImmediate(() => {
      preparing.delete(workspaceId);
      const entry = entries.get(workspaceId);
      if (!entry || entry.answer) return;
      if (Date.now() - entry.lastAsked > IDLE_MS) return void entries.delete(workspaceId);
      const answer = (entry.answer = cachedJson(JSON.stringify(entry.devices), entry.encodings));
      for (const encoding of entry.encodings) answer.encoded(encoding).catch(() => undefined);
    });
  }

  /** Drops the workspace's list; a read under way is answered to those who asked before, not kept. */
  function drop(workspaceId: number) {
    entries.delete(workspaceId);
    builds.delete(workspaceId);
  }

  function onEvent(event: DomainEvent) {
    switch (event.type) {
      case 'device.heartbeats':
        for (const beat of event.beats)
          change(beat.workspaceId, (entry) => patchDevice(entry, beat.deviceId, { lastSeen: beat.timestamp }));
        return;
      case 'device.status': {
        const { status, activeSessionId, lastSeen, nowPlaying } = event;
        // An older process (a rolling deploy) sends no report: the device keeps the one it has.
        const fields =
          nowPlaying === undefined
            ? { status, activeSessionId, lastSeen }
            : { status, activeSessionId, lastSeen, nowPlaying };
        change(event.workspaceId, (entry) => patchDevice(entry, event.deviceId, fields));
        return;
      }
      case 'device.changed':
        // The whole device, as the API answers it: in place, or moved to where its name goes.
        change(
          event.workspaceId,
          (entry) => patchDevice(entry, event.deviceId, event.device) || place(entry, event.device),
        );
        return;
      case 'device.deleted':
        change(event.workspaceId, (entry) => remove(entry, event.deviceId));
        return;
      case 'session.ended':
        if (!event.tokenHash) clear();
        return;
      // The list shows devices' own fields only: a playlist's, a group's or a medium's contents, a
      // campaign or the workspace's settings change none of them (removals of what devices point
      // at do, and drop the list below). Requests to a TV and their failures change no device
      // either (a screenshot taken comes as device.changed). A layout's edit that moves devices' zones
      // announces those devices; a layout in use is never removed.
      case 'playlist.changed':
      case 'group.changed':
      case 'media.changed':
      case 'media.deleted':
      case 'campaign.changed':
      case 'campaign.deleted':
      case 'layout.changed':
      case 'layout.deleted':
      case 'workspace.changed':
      case 'device.command':
      case 'device.screenshot_failed':
        return;
      default:
        drop(event.workspaceId);
    }
  }
  const unsubscribe = deps.bus.subscribe(onEvent);

  function build(actor: SessionUser): Promise<Entry> {
    const workspaceId = actor.workspaceId;
    const running: Build = {
      changes: [],
      entry: listDevicesJson(deps, actor).then((json) => {
        // The database's collation is not the UI's (and differs between installs): the read comes
        // in the database's name order, whose long sorted runs this sort merges in few comparisons.
        const devices = (JSON.parse(json) as Device[]).sort(byNameThenId);
        const entry: Entry = {
          devices,
          byId: new Map(devices.map((d) => [d.id, d])),
          answer: null,
          encodings: new Set(),
          lastAsked: Date.now(),
          readAt: Date.now(),
        };
        if (builds.get(workspaceId) !== running) return entry;
        builds.delete(workspaceId);
        // Changes announced while the database was read: applying one twice changes nothing.
        entry.encodings = entries.get(workspaceId)?.encodings ?? entry.encodings;
        if (running.changes.every((make) => make(entry))) {
          entries.set(workspaceId, entry);
          if (entries.size > MAX_WORKSPACES) entries.delete(entries.keys().next().value!);
        }
        return entry;
      }),
    };
    running.entry.catch(() => builds.get(workspaceId) === running && builds.delete(workspaceId));
    builds.set(workspaceId, running);
    return running.entry;
  }

  function clear() {
    entries.clear();
    builds.clear();
  }

  return {
    /** The workspace's device list, ordered by name, as `GET /api/devices` answers it. */
    async get(actor: SessionUser): Promise<CachedJson> {
      const workspaceId = actor.workspaceId;
      let entry = entries.get(workspaceId);
      if (entry) {
        // Most recently asked last: the first key is the one to evict.
        entries.delete(workspaceId);
        entries.set(workspaceId, entry);
        if (Date.now() - entry.readAt > REFRESH_AFTER_MS && !builds.has(workspaceId))
          build(actor).catch(() => undefined);
      } else {
        entry = await (builds.get(workspaceId)?.entry ?? build(actor));
      }
      entry.lastAsked = Date.now();
      entry.answer ??= cachedJson(JSON.stringify(entry.devices), entry.encodings);
      return entry.answer;
    },
    /** Forgets every kept list: this process missed bus events (a Redis gap), so none is known true. */
    clear,
    stop: unsubscribe,
  };
}

/**
 * Applies fields to a device of the list; false when it is not there (new, or created elsewhere and
 * not yet announced) or the change may move it (a new name).
 */
function patchDevice(entry: Entry, deviceId: number, fields: Partial<Device>): boolean {
  const device = entry.byId.get(deviceId);
  if (!device || (fields.name !== undefined && fields.name !== device.name)) return false;
  Object.assign(device, fields);
  return true;
}

/** Puts the device where the list's order, names then ids, puts it (binary search). */
function place(entry: Entry, device: Device): boolean {
  remove(entry, device.id);
  const kept = { ...device };
  let low = 0;
  let high = entry.devices.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (byNameThenId(entry.devices[middle]!, kept) < 0) low = middle + 1;
    else high = middle;
  }
  entry.devices.splice(low, 0, kept);
  entry.byId.set(kept.id, kept);
  return true;
}

function remove(entry: Entry, deviceId: number): boolean {
  const device = entry.byId.get(deviceId);
  if (device) {
    entry.devices.splice(entry.devices.indexOf(device), 1);
    entry.byId.delete(deviceId);
  }
  return true;
}

export type DeviceListCache = ReturnType<typeof createDeviceListCache>;
