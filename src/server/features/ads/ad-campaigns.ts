import { and, asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { adCampaignMessages } from '../../../contract/ad-campaigns';
import { ERROR_CODES } from '../../../contract/errors';
import type { Db, Tx } from '../../db/client';
import { advertisers, campaigns } from '../../db/schema';
import { conflict, HttpError, type ForeignKeyExplainer } from '../../http/errors';

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

/** The names of an advertiser's campaigns, oldest first: what its removal's 409 names. */
export async function campaignsOfAdvertiser(db: Db | Tx, advertiserId: number): Promise<string[]> {
  const rows = await db
    .select({ name: campaigns.name })
    .from(campaigns)
    .where(eq(campaigns.advertiserId, advertiserId))
    .orderBy(asc(campaigns.id));
  return rows.map((r) => r.name);
}

/** The foreign key that keeps an advertiser with campaigns (migration 0023). */
export const ADVERTISER_IN_USE = 'campaigns_advertiser_id_advertisers_id_fk';

/**
 * `DELETE /api/advertisers/{id}` of an advertiser that still has campaigns: the database refuses
 * (the foreign key), and the answer is a 409 naming them. The key fires only on a row the removal
 * found in the caller's workspace, and an ad's advertiser is of its campaign's workspace
 * (`checkAdvertiser`): the names are the caller's own.
 */
export const explainAdvertiserInUse =
  (db: Db): ForeignKeyExplainer =>
  async (request: FastifyRequest) => {
    const id = Number((request.params as { id?: string }).id);
    const names = Number.isInteger(id) ? await campaignsOfAdvertiser(db, id) : [];
    return conflict(adCampaignMessages.advertiserHasCampaigns(names));
  };
