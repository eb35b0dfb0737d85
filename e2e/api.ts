import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { Campaign, CampaignInput, EmergencyInput } from '../src/contract/campaigns';
import type { Device, DeviceInput } from '../src/contract/devices';
import type { Media } from '../src/contract/media';
import type { PlaylistDetail, PlaylistInput } from '../src/contract/playlists';
import * as factories from '../src/server/test/api-factories';
import { createUserViaApi } from './support';

/**
 * Setup over the HTTP API, for specs that need devices, media or playlists they do not test: the
 * factories of the API tests (`src/server/test/api-factories.ts`) over a Playwright request context
 * signed in as the owner. What a spec tests it still does through the UI.
 */

export type { ItemSpec } from '../src/server/test/api-factories';

export const client = (request: APIRequestContext): factories.ApiClient => ({
  async send(method, url, body, headers) {
    const res = await request.fetch(url, { method, data: body, headers });
    return { status: res.status(), text: await res.text() };
  },
});

/** Signs the request context in as `user` (its cookie then goes with every call). */
export async function apiSignIn(request: APIRequestContext, user: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: { email: user.email, password: user.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
}

/** For a spec's own server: a new user (made by its admin, of `role`) and a request context signed in as them. */
export async function newApiUser(baseURL: string, role: 'user' | 'admin' = 'user') {
  const admin = await playwrightRequest.newContext({ baseURL });
  const user = await createUserViaApi(admin, role);
  await admin.dispose();
  const api = await playwrightRequest.newContext({ baseURL });
  await apiSignIn(api, user);
  return { user, api };
}

let codeSeed = Math.floor(Math.random() * 900_000);
/** A code unlikely to collide with another test's (the server's uniqueness is global). */
const nextCode = () => String(100_000 + (codeSeed++ % 900_000));

/** A device; without an `authCode`, a free one (another spec may hold the first one tried). */
export async function createDevice(
  request: APIRequestContext,
  fields: Partial<DeviceInput> & { name: string },
): Promise<Device> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const body = factories.deviceBody({ authCode: nextCode(), ...fields });
    const res = await request.post('/api/devices', { data: body });
    if (res.status() === 409 && !fields.authCode) continue;
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as Device;
  }
  throw new Error('no free auth code');
}

export const assignPlaylists = (
  request: APIRequestContext,
  deviceId: number,
  first: number | null,
  second: number | null = null,
) => factories.assignPlaylists(client(request), deviceId, first, second);

export const createPlaylist = (
  request: APIRequestContext,
  name: string,
  items: factories.ItemSpec[],
  extra: Omit<Partial<PlaylistInput>, 'items'> = {},
): Promise<PlaylistDetail> => factories.createPlaylist(client(request), { ...extra, name, items });

export const updatePlaylist = (request: APIRequestContext, id: number, name: string, items: factories.ItemSpec[]) =>
  factories.expectAnswer<PlaylistDetail>(client(request), 200, 'PUT', `/api/playlists/${id}`, {
    name,
    items: factories.playlistItems(items),
  });

/** Uploads a file through `POST /api/media/upload`; the item as answered (it may still be processing). */
export async function uploadMedia(
  request: APIRequestContext,
  name: string,
  mimeType: string,
  buffer: Buffer,
): Promise<Media> {
  const res = await request.post('/api/media/upload', { multipart: { file: { name, mimeType, buffer } } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Media;
}

/** A one-colour PNG (sharp), uploaded. */
export async function uploadImage(
  request: APIRequestContext,
  name: string,
  background = '#2563eb',
  size = { width: 64, height: 36 },
): Promise<Media> {
  const buffer = await sharp({ create: { ...size, channels: 3, background } })
    .png()
    .toBuffer();
  return uploadMedia(request, name, 'image/png', buffer);
}

/** Pairs a TV with its code through the TV protocol; returns the device token. */
export const pairTv = (request: APIRequestContext, code: string) => factories.pairTv(client(request), code);

/** A TV's call (`/api/tv/status`, `/api/tv/heartbeat`) with its bearer token. */
export async function tvCall(request: APIRequestContext, path: string, token: string, data?: unknown) {
  const res = await request.post(path, { headers: factories.tvHeaders(token), data });
  expect(res.status(), await res.text()).toBe(200);
}

/** A campaign (a draft unless `status` says otherwise). */
export const createCampaign = (
  request: APIRequestContext,
  fields: Partial<CampaignInput> & { playlistId: number },
): Promise<Campaign> => factories.createCampaign(client(request), fields);

/** An emergency on the chosen screens from now on. */
export const createEmergency = (
  request: APIRequestContext,
  fields: Partial<EmergencyInput> & { playlistId: number },
): Promise<Campaign> => factories.createEmergency(client(request), fields);

export const endCampaign = (request: APIRequestContext, id: number): Promise<Campaign> =>
  factories.endCampaign(client(request), id);
