import type { Advertiser } from '../../../contract/ads';
import type { CampaignInput } from '../../../contract/campaigns';
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
