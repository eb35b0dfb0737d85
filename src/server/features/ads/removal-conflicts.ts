import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { adCampaignMessages } from '../../../contract/ad-campaigns';
import { adsMessages } from '../../../contract/ads-messages';
import { monthShort } from '../../../contract/partner-commissions';
import type { Db, Tx } from '../../db/client';
import { advertisers, campaigns, partnerCommissionMonths } from '../../db/schema';
import { conflict, type ForeignKeyExplainer } from '../../http/errors';

/**
 * Removals the database refuses while records still name the row (docs/ads.md#api): an advertiser
 * with ad campaigns, a partner with commission months. Each foreign key (`no action`) keeps the
 * row; its explainer answers 409 naming the first three, only on that row's own `DELETE` (the key
 * failing anywhere else is answered as it is), after the removal found the row in the caller's
 * workspace.
 */

const MAX_NAMED = 3;

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
    .limit(MAX_NAMED);
  return { names: rows.map((r) => r.name), total: rows[0]?.total ?? 0 };
}

/** The foreign key that keeps an advertiser with campaigns (migration 0023). */
export const ADVERTISER_IN_USE = 'campaigns_advertiser_id_advertisers_id_fk';

/** `DELETE /api/advertisers/{id}` of an advertiser that still has campaigns. */
export const explainAdvertiserInUse =
  (db: Db): ForeignKeyExplainer =>
  async (request: FastifyRequest) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== '/api/advertisers/:id') return null;
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isInteger(id)) return null;
    const { names, total } = await campaignsOfAdvertiser(db, id);
    return conflict(adCampaignMessages.advertiserHasCampaigns(names, total));
  };

/** The first commission months of a partner (newest first), and how many it has. */
export async function monthsOfPartner(db: Db | Tx, partnerId: number): Promise<{ months: string[]; total: number }> {
  const rows = await db
    .select({ month: partnerCommissionMonths.month, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(partnerCommissionMonths)
    .where(eq(partnerCommissionMonths.partnerId, partnerId))
    .orderBy(sql`${partnerCommissionMonths.month} desc`)
    .limit(MAX_NAMED);
  return { months: rows.map((r) => monthShort(r.month)), total: rows[0]?.total ?? 0 };
}

/** The foreign key that keeps a partner with commission months (migration 0025). */
export const PARTNER_IN_USE = 'partner_commission_months_partner_id_partners_id_fk';

/** `DELETE /api/partners/{id}` of a partner with commission months: their closed and paid figures are records. */
export const explainPartnerInUse =
  (db: Db): ForeignKeyExplainer =>
  async (request: FastifyRequest) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== '/api/partners/:id') return null;
    const id = Number((request.params as { id?: string }).id);
    if (!Number.isInteger(id)) return null;
    const { months, total } = await monthsOfPartner(db, id);
    return conflict(adsMessages.partners.hasCommissionMonths(months, total));
  };
