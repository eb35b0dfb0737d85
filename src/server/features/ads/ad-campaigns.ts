import { and, eq } from 'drizzle-orm';
import { adCampaignMessages } from '../../../contract/ad-campaigns';
import { ERROR_CODES } from '../../../contract/errors';
import type { Tx } from '../../db/client';
import { advertisers } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * An ad's advertiser must be of the workspace (docs/ads.md#ad-campaigns): another workspace's, or
 * none, is 400 `ADVERTISER_NOT_FOUND` on the field, as a foreign partner is on a device. The row
 * stays locked against removal (`FOR KEY SHARE`) until the save commits.
 */
export async function checkAdvertiser(tx: Tx, workspaceId: number, advertiserId: number | null): Promise<void> {
  if (advertiserId === null) return;
  const [found] = await tx
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(and(eq(advertisers.id, advertiserId), eq(advertisers.workspaceId, workspaceId)))
    .for('key share');
  if (!found) {
    const message = adCampaignMessages.advertiserNotFound;
    throw new HttpError(400, message, ERROR_CODES.advertiserNotFound, [{ path: ['advertiserId'], message }]);
  }
}
