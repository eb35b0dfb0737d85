import type { FastifyInstance } from 'fastify';
import type { CreateApiKeyInput } from '../../../contract/api-keys';
import type { CampaignInput } from '../../../contract/campaigns';
import type { Device, DeviceGroupInput, DeviceInput } from '../../../contract/devices';
import type { PlaylistDetail, PlaylistInput } from '../../../contract/playlists';
import type { Database } from '../../db/client';
import { playlists } from '../../db/schema';
import * as api from '../api-factories';
import type { TestContext } from '../test-app';
import { makeMedia } from './media';
import { nextSequence, ownedByUser, ownerFor, type OwnerOptions } from './people';

/**
 * Factories of the workspace's things, through the HTTP API as their owner (the same factories the
 * e2e setup uses): each makes the parents it is not given, a user (in `workspaceId`, else the
 * default workspace) first of all.
 */

type Context = Pick<TestContext, 'app' | 'database'> & Partial<Pick<TestContext, 'store' | 'config'>>;

/** An `ApiClient` over `app.inject`, signed in with `cookie` (none: a TV, or a visitor). */
export function injectClient(app: FastifyInstance, cookie?: string): api.ApiClient {
  return {
    async send(method, url, body, headers = {}) {
      const res = await app.inject({
        method,
        url,
        payload: body as object | undefined,
        headers: { ...(cookie ? { cookie } : {}), ...headers },
      });
      return { status: res.statusCode, text: res.body };
    },
  };
}

/** A pairing code of a range the tests' literal codes keep out of. */
export const nextAuthCode = () => String(900_000 + (nextSequence() % 99_000));

export interface DeviceOptions extends OwnerOptions, Partial<DeviceInput> {
  /** The playlists of its windows (the second for a dual layout). */
  playlists?: [number | null, (number | null)?];
}

/** A device (not paired), with its playlists assigned when given. */
export async function makeDevice(
  t: Context,
  { owner: given, workspaceId, playlists: assigned, ...fields }: DeviceOptions = {},
) {
  const owner = await ownerFor(t.database, { owner: given, workspaceId });
  const client = injectClient(t.app, owner.cookie);
  const device = await api.createDevice(client, { authCode: nextAuthCode(), ...fields });
  return assigned ? api.assignPlaylists(client, device.id, assigned[0], assigned[1] ?? null) : device;
}

/** A device whose TV has paired with its code: the device as its owner reads it then, and the TV's bearer token. */
export async function makePairedDevice(t: Context, { owner: given, workspaceId, ...options }: DeviceOptions = {}) {
  const owner = await ownerFor(t.database, { owner: given, workspaceId });
  const made = await makeDevice(t, { owner, ...options });
  const token = await api.pairTv(injectClient(t.app), made.authCode);
  const device = await api.expectAnswer<Device>(
    injectClient(t.app, owner.cookie),
    200,
    'GET',
    `/api/devices/${made.id}`,
  );
  return { device, token, headers: api.tvHeaders(token) };
}

export async function makeGroup(
  t: Context,
  { owner, workspaceId, ...fields }: OwnerOptions & Partial<DeviceGroupInput> = {},
) {
  return api.createGroup(injectClient(t.app, (await ownerFor(t.database, { owner, workspaceId })).cookie), {
    name: `Grupo ${nextSequence()}`,
    ...fields,
  });
}

export interface PlaylistOptions extends OwnerOptions, Omit<Partial<PlaylistInput>, 'items'> {
  /**
   * Media ids (8 s each) or `{ mediaId, duration }`; by default one new image. `[]` makes a
   * playlist without items, which the API refuses and a playlist becomes when its last media is
   * deleted: inserted as such.
   */
  items?: api.ItemSpec[];
}

export async function makePlaylist(
  t: Context,
  { owner: given, workspaceId, items, ...fields }: PlaylistOptions = {},
): Promise<PlaylistDetail> {
  const owner = await ownerFor(t.database, { owner: given, workspaceId });
  const name = fields.name ?? `Playlist ${nextSequence()}`;
  if (items?.length === 0) return emptyPlaylist(t.database, owner.user.id, name);
  const mediaIds = items ?? [(await makeMedia(t, { userId: owner.user.id })).id];
  return api.createPlaylist(injectClient(t.app, owner.cookie), { ...fields, name, items: mediaIds });
}

async function emptyPlaylist(database: Database, userId: number, name: string): Promise<PlaylistDetail> {
  const [row] = await database.db
    .insert(playlists)
    .values({ name, ...(await ownedByUser(database, userId)) })
    .returning();
  const { id, description, startDate, durationDays, totalSize, createdAt, updatedAt } = row!;
  return {
    id,
    userId,
    name,
    description,
    startDate,
    durationDays,
    totalSize,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
    items: [],
  };
}

export interface CampaignOptions extends OwnerOptions, Partial<CampaignInput> {}

/** A campaign, of a new playlist unless one is named (its devices: none unless named). */
export async function makeCampaign(t: Context, { owner: given, workspaceId, ...fields }: CampaignOptions = {}) {
  const owner = await ownerFor(t.database, { owner: given, workspaceId });
  const playlistId = fields.playlistId ?? (await makePlaylist(t, { owner })).id;
  return api.createCampaign(injectClient(t.app, owner.cookie), {
    name: `Campanha ${nextSequence()}`,
    ...fields,
    playlistId,
  });
}

/** An API key made by an admin of the workspace (a new one unless `owner` is given, who must be an admin). */
export async function makeApiKey(
  t: Context,
  { owner: given, workspaceId, ...fields }: OwnerOptions & Partial<CreateApiKeyInput> = {},
) {
  const owner = await ownerFor(t.database, { owner: given, workspaceId }, 'admin');
  return api.createApiKey(injectClient(t.app, owner.cookie), { name: `Chave ${nextSequence()}`, ...fields });
}
