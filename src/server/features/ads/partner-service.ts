import { and, eq } from 'drizzle-orm';
import { basisPointsOf, percentOf, type Partner, type PartnerData } from '../../../contract/ads';
import { adsMessages } from '../../../contract/ads-messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { partners } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/**
 * Partners of the workspace (docs/ads.md): admins' rows, found only in their workspace (404 elsewhere).
 * The commission travels as a percentage and is stored as integer basis points (docs/ads.md#money).
 */

const present = (row: typeof partners.$inferSelect): Partner => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  document: row.document,
  contactName: row.contactName,
  contactEmail: row.contactEmail,
  commissionPercent: percentOf(row.commissionBasisPoints),
  createdAt: row.createdAt.toISOString(),
});

const columns = ({ commissionPercent, ...fields }: PartnerData) => ({
  ...fields,
  commissionBasisPoints: basisPointsOf(commissionPercent),
});

const activity = (actor: SessionUser, type: 'created' | 'updated' | 'deleted', id: number, name: string) =>
  ({
    ...ownedBy(actor),
    type: `partner_${type}`,
    data: { name },
    entityType: 'partner',
    entityId: id,
  }) as const;

export async function listPartners(db: Db, actor: SessionUser): Promise<Partner[]> {
  const rows = await db.select().from(partners).where(visibleTo(partners.workspaceId, actor));
  return rows.map(present).sort(byNameThenId);
}

export async function getPartner(db: Db, actor: SessionUser, id: number): Promise<Partner> {
  return present(await loadVisible(db, partners, actor, id, adsMessages.partners.notFound));
}

export async function createPartner(db: Db, actor: SessionUser, data: PartnerData): Promise<Partner> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(partners)
      .values({ ...columns(data), ...ownedBy(actor) })
      .returning();
    await recordActivity(tx, activity(actor, 'created', created!.id, data.name));
    return created!;
  });
  return present(row);
}

/** A `PUT` replaces the partner's fields; another workspace's id is 404 and writes nothing. */
export async function updatePartner(db: Db, actor: SessionUser, id: number, data: PartnerData): Promise<Partner> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(partners)
      .set(columns(data))
      .where(and(eq(partners.id, id), visibleTo(partners.workspaceId, actor)))
      .returning();
    if (!updated) throw notFound(adsMessages.partners.notFound);
    await recordActivity(tx, activity(actor, 'updated', id, data.name));
    return updated;
  });
  return present(row);
}

export async function deletePartner(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(partners)
      .where(and(eq(partners.id, id), visibleTo(partners.workspaceId, actor)))
      .returning({ name: partners.name });
    // Its screens stay, with no partner (the foreign key sets `partner_id` to null).
    if (!removed) throw notFound(adsMessages.partners.notFound);
    await recordActivity(tx, activity(actor, 'deleted', id, removed.name));
  });
}
