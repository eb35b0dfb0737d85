import { PAIRING_MESSAGES, type PairingFailure } from '@contract/pairing';
import type { PlayRecord, PlaysBatchResult } from '@contract/plays';
import type { HealthReport, PlaybackErrors } from '@contract/screen-health';
import type { ScreenOnAir } from '@contract/screens';
import type { Manifest, TvAuthResponse } from '@contract/tv';
import { isManifest } from './storage';

/** The server refused the device token (revoked, re-paired elsewhere, device removed). */
export class DeviceRevokedError extends Error {
  constructor() {
    super('device token refused');
    this.name = 'DeviceRevokedError';
  }
}
/** No answer (network down, server stopped, a proxy's 5xx): keep playing what we have. */
export class ServerUnreachableError extends Error {
  constructor(cause?: unknown) {
    super('server unreachable', { cause });
    this.name = 'ServerUnreachableError';
  }
}
/** The server answered the pairing with a refusal it explains (wrong code, too many tries). */
export class PairingRefusedError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PairingRefusedError';
  }
}

const REQUEST_TIMEOUT_MS = 15_000;

async function request(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
  const { token, headers, ...rest } = init;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(path, {
      ...rest,
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(rest.body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
    });
  } catch (error) {
    throw new ServerUnreachableError(error);
  } finally {
    clearTimeout(timer);
  }
  if (res.status === 401 && token) throw new DeviceRevokedError();
  // 5xx from a proxy or a server going down: the same as no answer for the player.
  if (res.status >= 500) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
  return res;
}

/** The refusal's `message` (a `PairingFailure`), or null when the body is not one. */
async function messageOf(res: Response): Promise<string | null> {
  try {
    const body = (await res.json()) as Partial<Record<keyof PairingFailure, unknown>>;
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

export async function authenticate(code: string): Promise<TvAuthResponse> {
  const res = await request('/api/tv/authenticate', {
    method: 'POST',
    body: JSON.stringify({
      code,
      deviceInfo: { app: 'sinalize-player-web', userAgent: navigator.userAgent.slice(0, 200) },
    }),
  });
  if (!res.ok) throw new PairingRefusedError((await messageOf(res)) ?? PAIRING_MESSAGES.wrongCode, res.status);
  const body = (await res.json()) as Partial<TvAuthResponse>;
  if (typeof body.token !== 'string' || !body.device)
    throw new ServerUnreachableError(new Error('unexpected pairing answer'));
  return body as TvAuthResponse;
}

export type ContentResult = { changed: false } | { changed: true; manifest: Manifest; etag: string | null };

/** `GET /api/tv/content`, conditional on the ETag we hold (304 = nothing new). */
export async function fetchContent(token: string, etag: string | null): Promise<ContentResult> {
  const res = await request('/api/tv/content', { token, headers: etag ? { 'if-none-match': etag } : {} });
  if (res.status === 304) return { changed: false };
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
  const manifest: unknown = await res.json();
  if (!isManifest(manifest)) throw new ServerUnreachableError(new Error('malformed manifest'));
  return { changed: true, manifest, etag: res.headers.get('etag') };
}

export interface HeartbeatAnswer {
  contentVersion: string | null;
  serverTime: string | null;
  /** What the admin asked that no socket delivered (docs/tv-protocol.md#commands); unknown ones are dropped. */
  commands: Array<'screenshot' | 'reload'>;
}

export async function postHeartbeat(token: string): Promise<HeartbeatAnswer> {
  const res = await request('/api/tv/heartbeat', { method: 'POST', token });
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
  const body = (await res.json()) as { contentVersion?: unknown; serverTime?: unknown; commands?: unknown };
  return {
    contentVersion: typeof body.contentVersion === 'string' ? body.contentVersion : null,
    serverTime: typeof body.serverTime === 'string' ? body.serverTime : null,
    commands: Array.isArray(body.commands)
      ? body.commands.filter((c): c is 'screenshot' | 'reload' => c === 'screenshot' || c === 'reload')
      : [],
  };
}

/**
 * `campaignId`: the campaign on air (null: the assigned playlists). `nowPlaying`: what each window
 * plays, absent until the TV holds a manifest.
 */
export type PlayerStatus = ({ state: 'playing'; sessionId: string } | { state: 'idle' }) & {
  campaignId: number | null;
  nowPlaying?: ScreenOnAir;
};

export async function postStatus(token: string, status: PlayerStatus): Promise<void> {
  const res = await request('/api/tv/status', { method: 'POST', token, body: JSON.stringify(status) });
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
}

/** The server refused a screenshot (400 not a JPEG, 413 too big): sent again it would be refused again. */
export class ScreenshotRefusedError extends Error {
  constructor(readonly status: number) {
    super(`screenshot refused (HTTP ${status})`);
    this.name = 'ScreenshotRefusedError';
  }
}

/** `POST /api/tv/screenshot`: the JPEG as the raw body. */
export async function postScreenshot(token: string, jpeg: Blob): Promise<void> {
  const res = await request('/api/tv/screenshot', {
    method: 'POST',
    token,
    body: jpeg,
    headers: { 'content-type': 'image/jpeg' },
  });
  if (res.status >= 400) throw new ScreenshotRefusedError(res.status);
}

/** The server refused a batch of plays as invalid (400): sent again it would be refused again. */
export class PlaysRefusedError extends Error {
  constructor(readonly status: number) {
    super(`plays refused (HTTP ${status})`);
    this.name = 'PlaysRefusedError';
  }
}

/** `POST /api/tv/plays`: how many records were stored now and how many were already. */
export async function postPlays(token: string, plays: PlayRecord[]): Promise<PlaysBatchResult> {
  const res = await request('/api/tv/plays', { method: 'POST', token, body: JSON.stringify({ plays }) });
  // Other refusals (a proxy's 408, 429…) may pass: the batch is kept and sent again.
  if (res.status === 400) throw new PlaysRefusedError(res.status);
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
  const body = (await res.json()) as Partial<PlaysBatchResult>;
  if (typeof body.accepted !== 'number' || typeof body.duplicates !== 'number')
    throw new ServerUnreachableError(new Error('unexpected plays answer'));
  return { accepted: body.accepted, duplicates: body.duplicates };
}

/** `POST /api/tv/health` (docs/screen-health.md): the server answers 204, and drops a report sooner than a minute. */
export async function postHealth(token: string, report: HealthReport): Promise<void> {
  const res = await request('/api/tv/health', { method: 'POST', token, body: JSON.stringify(report) });
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
}

/** The server refused a batch of playback errors as invalid (400): sent again it would be refused again. */
export class PlaybackErrorsRefusedError extends Error {
  constructor(readonly status: number) {
    super(`playback errors refused (HTTP ${status})`);
    this.name = 'PlaybackErrorsRefusedError';
  }
}

/** `POST /api/tv/playback-errors`: items that failed to play, 1 to 50 at a time. */
export async function postPlaybackErrors(token: string, errors: PlaybackErrors['errors']): Promise<void> {
  const res = await request('/api/tv/playback-errors', { method: 'POST', token, body: JSON.stringify({ errors }) });
  if (res.status === 400) throw new PlaybackErrorsRefusedError(res.status);
  if (!res.ok) throw new ServerUnreachableError(new Error(`HTTP ${res.status}`));
}
