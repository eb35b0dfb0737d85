import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Advertiser } from '../../../contract/ads';
import type { CampaignInput } from '../../../contract/campaigns';
import type { PlayRecord } from '../../../contract/plays';
import type { Database } from '../../db/client';
import { adCampaignCounts, adPlays, campaigns } from '../../db/schema';
import * as api from '../api-factories';
import type { TestContext } from '../test-app';
import { injectClient, makePairedDevice, makePlaylist } from './content';
import { makeMedia } from './media';
import { ownerFor, signedInUser, type OwnerOptions } from './people';

type Context = Pick<TestContext, 'app' | 'database'>;
const HOUR = 60 * 60 * 1000;

/** An advertiser made by an admin of the workspace (docs/ads.md; a new admin unless `owner` is given). */
export async function makeAdvertiser(t: Context, { owner, workspaceId }: OwnerOptions = {}, name = 'Padaria') {
  const admin = await ownerFor(t.database, { owner, workspaceId }, 'admin');
  return api.expectAnswer<Advertiser>(injectClient(t.app, admin.cookie), 201, 'POST', '/api/advertisers', { name });
}

/**
 * The body of a published ad (docs/ads.md#ad-campaigns): 1,000 plays over a flight of 100 hours,
 * half gone, cap 8 a screen an hour, aimed at nothing unless `fields` say so.
 */
export function adCampaignInput(
  advertiserId: number,
  playlistId: number,
  fields: Partial<CampaignInput> = {},
  now = Date.now(),
): CampaignInput {
  return {
    name: 'Pão de queijo',
    type: 'ad',
    advertiserId,
    playlistId,
    status: 'published',
    startDate: new Date(now - 50 * HOUR).toISOString(),
    endDate: new Date(now + 50 * HOUR).toISOString(),
    goalKind: 'flight',
    goalPlays: 1000,
    capPerHour: 8,
    ...fields,
  };
}

let nextPlayId = 1_000_000;

export interface AdPlaysOptions {
  campaignId: number;
  count: number;
  /** The screens, in turn. */
  deviceIds: number[];
  /** When each played (the i-th from 0). */
  startedAt: Date | ((i: number) => Date);
}

/**
 * Counted plays of an ad (docs/ads.md#counted-plays), inserted as ingestion would, with its running
 * count, without their plays nor the daily roll-ups.
 */
export async function makeAdPlays(database: Database, { campaignId, count, deviceIds, startedAt }: AdPlaysOptions) {
  const [ad] = await database.db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!ad?.advertiserId) throw new Error(`no ad campaign ${campaignId}`);
  await database.db.insert(adPlays).values(
    Array.from({ length: count }, (_, i) => ({
      playId: nextPlayId++,
      workspaceId: ad.workspaceId,
      campaignId,
      advertiserId: ad.advertiserId!,
      deviceId: deviceIds[i % deviceIds.length]!,
      startedAt: typeof startedAt === 'function' ? startedAt(i) : startedAt,
    })),
  );
  await database.db
    .insert(adCampaignCounts)
    .values({ campaignId, workspaceId: ad.workspaceId, counted: count })
    .onConflictDoUpdate({
      target: adCampaignCounts.campaignId,
      set: { counted: sql`${adCampaignCounts.counted} + ${count}` },
    });
}

/**
 * A scene for counted plays (docs/ads.md#counted-plays): an admin, a screen of a partner at R$ 1,50
 * and 20 viewers a play, paired, and a published ad on it (goal 100 plays, cap 6) of a 15 s video and
 * a 10 s image; `play` makes a record of it, `send` posts records as the TV, `priced` reprices the screen.
 */
export async function makeAdScene(t: Context, workspaceId?: number) {
  const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
  const headers = { cookie: admin.cookie };
  const inject = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload: object) =>
    t.app.inject({ method, url, headers, payload });
  const partner = (await inject('POST', '/api/partners', { name: 'Shopping', document: '11222333000181' })).json<{
    id: number;
  }>();
  const advertiser = (await inject('POST', '/api/advertisers', { name: 'Padaria' })).json<{ id: number }>();
  const video = await makeMedia(t, { userId: admin.user.id, mimeType: 'video/mp4', duration: 15 });
  const image = await makeMedia(t, { userId: admin.user.id });
  const playlist = await makePlaylist(t, {
    owner: admin,
    items: [
      { mediaId: video.id, duration: 8 },
      { mediaId: image.id, duration: 10 },
    ],
  });
  const tv = await makePairedDevice(t, { owner: admin });
  const priced = (pricePerPlayCents: number, audiencePerPlay: number) =>
    inject('PUT', `/api/devices/${tv.device.id}`, {
      name: tv.device.name,
      location: tv.device.location,
      resolution: tv.device.resolution,
      authCode: tv.device.authCode,
      partnerId: partner.id,
      pricePerPlayCents,
      audiencePerPlay,
    });
  expect((await priced(150, 20)).statusCode).toBe(200);
  const campaignBody = adCampaignInput(advertiser.id, playlist.id, {
    deviceIds: [tv.device.id],
    startDate: new Date(Date.now() - 24 * HOUR).toISOString(),
    endDate: new Date(Date.now() + 24 * HOUR).toISOString(),
    goalPlays: 100,
    capPerHour: 6,
  });
  const campaign = (await inject('POST', '/api/campaigns', campaignBody)).json<{ id: number }>();
  const play = (fields: Partial<PlayRecord>): PlayRecord => ({
    clientId: randomUUID(),
    mediaId: image.id,
    playlistId: playlist.id,
    campaignId: campaign.id,
    window: 0,
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    durationMs: 10_000,
    completed: true,
    ...fields,
  });
  const send = (records: PlayRecord[]) =>
    t.app.inject({ method: 'POST', url: '/api/tv/plays', headers: tv.headers, payload: { plays: records } });
  return { admin, inject, priced, partner, advertiser, video, image, playlist, tv, campaign, campaignBody, play, send };
}
