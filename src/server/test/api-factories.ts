import type { CreateApiKeyInput, CreatedApiKey } from '../../contract/api-keys';
import type { Campaign, CampaignInput, CampaignStatus, EmergencyInput } from '../../contract/campaigns';
import type { Device, DeviceGroup, DeviceGroupInput, DeviceInput } from '../../contract/devices';
import type { PlaylistDetail, PlaylistInput } from '../../contract/playlists';

/**
 * Factories over the HTTP API, shared by the API tests (Fastify's `inject`) and the e2e setup
 * (Playwright's request context): the rows come through the same routes, validation and services
 * as a user's, so they are valid and announced like any other. Imports the contract only, so the
 * e2e runner can load it without the server.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An HTTP client already signed in as the owner of what it creates (or anonymous, for a TV). */
export interface ApiClient {
  send(
    method: ApiMethod,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; text: string }>;
}

/** Sends and parses the answer, failing with the server's words when the status is not the expected one. */
export async function expectAnswer<T>(
  api: ApiClient,
  expected: number,
  method: ApiMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const { status, text } = await api.send(method, url, body, headers);
  if (status !== expected) throw new Error(`${method} ${url} answered ${status} (expected ${expected}): ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export type DeviceFields = Partial<DeviceInput> & { authCode: string };

export const deviceBody = (fields: DeviceFields): DeviceInput => ({
  name: `TV ${fields.authCode}`,
  location: 'Loja',
  resolution: '1920x1080',
  ...fields,
});

export const createDevice = (api: ApiClient, fields: DeviceFields) =>
  expectAnswer<Device>(api, 201, 'POST', '/api/devices', deviceBody(fields));

/** The playlists of window 1 and window 2 (`PATCH /api/devices/{id}`). */
export const assignPlaylists = (api: ApiClient, deviceId: number, first: number | null, second: number | null = null) =>
  expectAnswer<Device>(api, 200, 'PATCH', `/api/devices/${deviceId}`, {
    assignedPlaylistId1: first,
    assignedPlaylistId2: second,
  });

export const createGroup = (api: ApiClient, fields: Partial<DeviceGroupInput> = {}) =>
  expectAnswer<DeviceGroup>(api, 201, 'POST', '/api/device-groups', { name: 'Lojas', ...fields });

/** An item: a media id (shown 8 s) or the media id with its duration. */
export type ItemSpec = number | { mediaId: number; duration: number };

export const playlistItems = (items: ItemSpec[]) =>
  items.map((item, order) => (typeof item === 'number' ? { mediaId: item, duration: 8, order } : { ...item, order }));

export const createPlaylist = (api: ApiClient, fields: Omit<Partial<PlaylistInput>, 'items'> & { items: ItemSpec[] }) =>
  expectAnswer<PlaylistDetail>(api, 201, 'POST', '/api/playlists', {
    name: 'Vitrine',
    ...fields,
    items: playlistItems(fields.items),
  });

export const createCampaign = (api: ApiClient, fields: Partial<CampaignInput> & { playlistId: number }) =>
  expectAnswer<Campaign>(api, 201, 'POST', '/api/campaigns', { name: 'Campanha', ...fields });

/** An emergency on the chosen screens from now on, until ended (`endCampaign`). */
export const createEmergency = (api: ApiClient, fields: Partial<EmergencyInput> & { playlistId: number }) =>
  expectAnswer<Campaign>(api, 201, 'POST', '/api/campaigns/emergency', { name: 'Emergência', ...fields });

/** Publish, pause or back to draft. */
export const setCampaignStatus = (api: ApiClient, id: number, status: CampaignStatus) =>
  expectAnswer<Campaign>(api, 200, 'PATCH', `/api/campaigns/${id}/status`, { status });

/** Ends a campaign (an emergency too) now. */
export const endCampaign = (api: ApiClient, id: number) =>
  expectAnswer<Campaign>(api, 200, 'POST', `/api/campaigns/${id}/end`);

/** A key (the answer is the only time its secret is shown); the client must be an admin's. */
export const createApiKey = (api: ApiClient, fields: Partial<CreateApiKeyInput> = {}) =>
  expectAnswer<CreatedApiKey>(api, 201, 'POST', '/api/api-keys', {
    name: 'Integração',
    permissions: { devices: 'read' },
    ...fields,
  });

/** Pairs a TV with the device's code, as the player does (`POST /api/tv/authenticate`); its bearer token. */
export async function pairTv(api: ApiClient, code: string): Promise<string> {
  return (await expectAnswer<{ token: string }>(api, 200, 'POST', '/api/tv/authenticate', { code })).token;
}

/** The headers a paired TV sends. */
export const tvHeaders = (token: string) => ({ authorization: `Bearer ${token}` });
