import { eq } from 'drizzle-orm';
import type { Advertiser } from '../../../contract/ads';
import type { CampaignInput } from '../../../contract/campaigns';
import type { Database } from '../../db/client';
import { adPlays, campaigns } from '../../db/schema';
import * as api from '../api-factories';
import type { TestContext } from '../test-app';
import { injectClient } from './content';
import { ownerFor, type OwnerOptions } from './people';

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

/** Counted plays of an ad (docs/ads.md#counted-plays), inserted as ingestion would, without their plays. */
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
}
