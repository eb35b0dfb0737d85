import type { Manifest, ManifestAd, ManifestCampaign } from '@contract/tv';

/**
 * What the TV keeps across reloads and power cuts: its device token, the last manifest and, beside
 * it, how far the server's clock is from ours (so campaigns switch on time offline after a reload),
 * and its ads' plays this hour (lib/ad-plays.ts, docs/ads.md#placement).
 * The offset has its own key: it changes with every heartbeat, the manifest rarely.
 */
export const PLAYER_STORAGE_KEYS = {
  token: 'sinalize.player.token',
  manifest: 'sinalize.player.manifest',
  clockOffset: 'sinalize.player.clockOffset',
  adPlays: 'sinalize.player.adPlays',
} as const;

export interface StoredManifest {
  manifest: Manifest;
  etag: string | null;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the player still works, it just forgets on reload.
  }
}

/** Reads and writes one stored JSON value; null when absent or unreadable. */
export function loadJson(key: string): unknown {
  const raw = read(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
export const saveJson = (key: string, value: unknown) => write(key, JSON.stringify(value));

export const loadToken = () => read(PLAYER_STORAGE_KEYS.token) || null;
export const saveToken = (token: string) => write(PLAYER_STORAGE_KEYS.token, token);

/** A manifest as the server sends it, checked by hand (no zod in the player's bundle). */
export function isManifest(value: unknown): value is Manifest {
  if (!value || typeof value !== 'object') return false;
  const m = value as Partial<Manifest>;
  return (
    typeof m.version === 'string' &&
    !!m.device &&
    typeof m.device === 'object' &&
    (m.device.layout === 'single' || m.device.layout === 'dual') &&
    Array.isArray(m.windows) &&
    m.windows.every((w) => w === null || (typeof w === 'object' && Array.isArray(w.items))) &&
    // Absent from manifests stored before campaigns played (read as none).
    (m.campaigns === undefined || (Array.isArray(m.campaigns) && m.campaigns.every(isCampaign))) &&
    // Absent when the screen has no ads, and from manifests stored before ads played.
    (m.ads === undefined || (Array.isArray(m.ads) && m.ads.every(isAd)))
  );
}

function isCampaign(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const c = value as Partial<ManifestCampaign>;
  return (
    typeof c.id === 'number' &&
    !!c.schedule &&
    typeof c.schedule === 'object' &&
    Array.isArray(c.schedule.weekdays) &&
    !!c.playlist &&
    typeof c.playlist === 'object' &&
    Array.isArray(c.playlist.items)
  );
}

function isAd(value: unknown): boolean {
  const ad = value as Partial<ManifestAd>;
  return isCampaign(value) && typeof ad.capPerHour === 'number' && typeof ad.allowance === 'number';
}

export function loadManifest(): StoredManifest | null {
  const raw = read(PLAYER_STORAGE_KEYS.manifest);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<StoredManifest>;
    return isManifest(parsed.manifest)
      ? { manifest: parsed.manifest, etag: typeof parsed.etag === 'string' ? parsed.etag : null }
      : null;
  } catch {
    return null;
  }
}
export const saveManifest = (stored: StoredManifest) => write(PLAYER_STORAGE_KEYS.manifest, JSON.stringify(stored));

/** The server's clock minus ours, in ms, as last measured (0 before any). */
export function loadClockOffset(): number {
  const offset = Number(read(PLAYER_STORAGE_KEYS.clockOffset));
  return Number.isFinite(offset) ? offset : 0;
}
export const saveClockOffset = (offsetMs: number) =>
  write(PLAYER_STORAGE_KEYS.clockOffset, String(Math.round(offsetMs)));

/** Unpaired: the token and the content it gave access to are gone. */
export function forgetDevice() {
  write(PLAYER_STORAGE_KEYS.token, null);
  write(PLAYER_STORAGE_KEYS.manifest, null);
  write(PLAYER_STORAGE_KEYS.clockOffset, null);
  write(PLAYER_STORAGE_KEYS.adPlays, null);
}

/** A random UUID v4 for a playback session; `crypto.randomUUID` exists only on https/localhost. */
export function newSessionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
