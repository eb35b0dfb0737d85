import { and, asc, eq, sql } from 'drizzle-orm';
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

/** The first names of an advertiser's campaigns, oldest first, and how many it has: what its removal's 409 says. */
export async function campaignsOfAdvertiser(
  db: Db | Tx,
  advertiserId: number,
): Promise<{ names: string[]; total: number }> {
  // The advertiser's own workspace: the removal that failed found it in the caller's.
  const workspaceId = sql`(select ${advertisers.workspaceId} from ${advertisers} where ${advertisers.id} = ${advertiserId})`;
  const rows = await db
    .select({ name: campaigns.name, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(campaigns)
    .where(and(eq(campaigns.advertiserId, advertiserId), eq(campaigns.workspaceId, workspaceId)))
    .orderBy(asc(campaigns.id))
    .limit(3);
  return { names: rows.map((r) => r.name), total: rows[0]?.total ?? 0 };
}

/** The foreign key that keeps an advertiser with campaigns (migration 0023). */
export const ADVERTISER_IN_USE = 'campaigns_advertiser_id_advertisers_id_fk';

/**
 * `DELETE /api/advertisers/{id}` of an advertiser that still has campaigns: the database refuses
 * (the foreign key), and the answer is a 409 naming the first three of the caller's workspace. Only
 * on that route: the key failing anywhere else is not this story (null: the error as it is).
 */
export const explainAdvertiserInUse =
  (db: Db): ForeignKeyExplainer =>
  async (request: FastifyRequest) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== '/api/advertisers/:id') return null;
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isInteger(id)) return null;
    const { names, total } = await campaignsOfAdvertiser(db, id);
    return conflict(adCampaignMessages.advertiserHasCampaigns(names, total));
  };
