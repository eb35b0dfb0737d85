import type { Manifest } from '@contract/tv';
import { isManifest } from './storage';

/** What the device socket says (`deviceServerMessageSchema` in the contract, checked by hand here). */
export type ServerMessage =
  | { type: 'content_changed'; version: string; manifestFollows?: boolean }
  | { type: 'manifest'; manifest: Manifest }
  | { type: 'disconnect' }
  | { type: 'screenshot' }
  | { type: 'reload' }
  | { type: 'heartbeat_ack'; contentVersion: string | null; serverTime: string | null };

/**
 * One socket message, or null for anything the player cannot use. A pushed manifest passes the
 * same check as a fetched one: a malformed one is dropped, and the wait for it ends in a fetch.
 */
export function parseServerMessage(data: string): ServerMessage | null {
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (!message || typeof message !== 'object') return null;
  const m = message as Record<string, unknown>;
  switch (m.type) {
    case 'content_changed':
      return typeof m.version === 'string'
        ? { type: 'content_changed', version: m.version, manifestFollows: m.manifestFollows === true }
        : null;
    case 'manifest':
      return isManifest(m.manifest) ? { type: 'manifest', manifest: m.manifest } : null;
    case 'disconnect':
    case 'screenshot':
    case 'reload':
      return { type: m.type };
    case 'heartbeat_ack':
      return {
        type: 'heartbeat_ack',
        contentVersion: typeof m.contentVersion === 'string' ? m.contentVersion : null,
        serverTime: typeof m.serverTime === 'string' ? m.serverTime : null,
      };
    default:
      return null;
  }
}

/**
 * Told that the content changed: nothing to do when that version is already held; wait for the
 * manifest when the server says it follows on the socket (issue 12: no request per TV); otherwise
 * (an older server) fetch it now.
 */
export function onContentChanged(
  held: string | null,
  message: { version: string; manifestFollows?: boolean },
): 'none' | 'wait' | 'fetch' {
  if (message.version === held) return 'none';
  return message.manifestFollows ? 'wait' : 'fetch';
}
