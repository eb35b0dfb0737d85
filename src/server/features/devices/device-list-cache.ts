import type { Device } from '../../../contract/devices';
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

interface Build {
  entry: Promise<Entry>;
  patches: Array<[deviceId: number, fields: Partial<Device>]>;
}

/**
 * `GET /api/devices` per workspace, kept between requests (issue 12: with 5,000 TVs beating, the
 * same process answered the list at p99 237 ms, most of it the query on the embedded database's
 * thread). Every change to a device is announced on the bus after its commit, and the bus is what
 * keeps this true: heartbeats and status changes (thousands a minute) are applied to the kept list;
 * any other event of the workspace (an edit, a pairing, a group or playlist removed, which clears
 * the devices' references) drops it, and the next request reads the database again. A user removed
 * (`session.ended` without a token) hands their devices to another user: every list goes.
 */
export function createDeviceListCache(deps: DeviceDeps) {
  const entries = new Map<number, Entry>();
  /** One read per workspace at a time; what the bus says meanwhile is kept for it. */
  const builds = new Map<number, Build>();

  function patch(workspaceId: number, deviceId: number, fields: Partial<Device>) {
    builds.get(workspaceId)?.patches.push([deviceId, fields]);
    const entry = entries.get(workspaceId);
    if (!entry) return;
    if (!apply(entry, deviceId, fields)) return void entries.delete(workspaceId);
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
        for (const beat of event.beats) patch(beat.workspaceId, beat.deviceId, { lastSeen: beat.timestamp });
        return;
      case 'device.status':
        patch(event.workspaceId, event.deviceId, { status: event.status, activeSessionId: event.activeSessionId, lastSeen: event.lastSeen });
        return;
      case 'session.ended':
        if (!event.tokenHash) clear();
        return;
      default:
        drop(event.workspaceId);
    }
  }
  const unsubscribe = deps.bus.subscribe(onEvent);

  function build(actor: SessionUser): Promise<Entry> {
    const workspaceId = actor.workspaceId;
    const running: Build = {
      patches: [],
      entry: listDevicesJson(deps, actor).then((json) => {
        const devices = JSON.parse(json) as Device[];
        const entry: Entry = { devices, byId: new Map(devices.map((d) => [d.id, d])), answer: null, encodings: new Set(), lastAsked: Date.now(), readAt: Date.now() };
        if (builds.get(workspaceId) !== running) return entry;
        builds.delete(workspaceId);
        // Heartbeats announced while the database was read: applying one twice changes nothing.
        entry.encodings = entries.get(workspaceId)?.encodings ?? entry.encodings;
        if (running.patches.every(([id, fields]) => apply(entry, id, fields))) {
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
        if (Date.now() - entry.readAt > REFRESH_AFTER_MS && !builds.has(workspaceId)) build(actor).catch(() => undefined);
      } else {
        entry = await (builds.get(workspaceId)?.entry ?? build(actor));
      }
      entry.lastAsked = Date.now();
      entry.answer ??= cachedJson(JSON.stringify(entry.devices), entry.encodings);
      return entry.answer;
    },
    /** Tests reuse one app over a database whose ids start again: nothing kept may survive that. */
    clear,
    stop: unsubscribe,
  };
}

/** False when the device is not in the list (created elsewhere and not yet announced): read again. */
function apply(entry: Entry, deviceId: number, fields: Partial<Device>): boolean {
  const device = entry.byId.get(deviceId);
  if (!device) return false;
  Object.assign(device, fields);
  entry.answer = null;
  return true;
}

export type DeviceListCache = ReturnType<typeof createDeviceListCache>;
