import { and, eq } from 'drizzle-orm';
import type { Advertiser, AdvertiserData } from '../../../contract/ads';
import { adsMessages } from '../../../contract/ads-messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { advertisers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/** Advertisers of the workspace (docs/ads.md): admins' rows, found only in their workspace (404 elsewhere). */

const present = (row: typeof advertisers.$inferSelect): Advertiser => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  document: row.document,
  contactEmail: row.contactEmail,
  createdAt: row.createdAt.toISOString(),
});

const activity = (actor: SessionUser, type: 'created' | 'updated' | 'deleted', id: number, name: string) =>
  ({
    ...ownedBy(actor),
    type: `advertiser_${type}`,
    data: { name },
    entityType: 'advertiser',
    entityId: id,
  }) as const;

export async function listAdvertisers(db: Db, actor: SessionUser): Promise<Advertiser[]> {
  const rows = await db.select().from(advertisers).where(visibleTo(advertisers.workspaceId, actor));
  return rows.map(present).sort(byNameThenId);
}

export async function getAdvertiser(db: Db, actor: SessionUser, id: number): Promise<Advertiser> {
  return present(await loadVisible(db, advertisers, actor, id, adsMessages.advertisers.notFound));
}

export async function createAdvertiser(db: Db, actor: SessionUser, data: AdvertiserData): Promise<Advertiser> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(advertisers)
      .values({ ...data, ...ownedBy(actor) })
      .returning();
    await recordActivity(tx, activity(actor, 'created', created!.id, data.name));
    return created!;
  });
  return present(row);
}

/** A `PUT` replaces the advertiser's fields; another workspace's id is 404 and writes nothing. */
export async function updateAdvertiser(
  db: Db,
  actor: SessionUser,
  id: number,
  data: AdvertiserData,
): Promise<Advertiser> {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(advertisers)
      .set(data)
      .where(and(eq(advertisers.id, id), visibleTo(advertisers.workspaceId, actor)))
      .returning();
    if (!updated) throw notFound(adsMessages.advertisers.notFound);
    await recordActivity(tx, activity(actor, 'updated', id, data.name));
    return updated;
  });
  return present(row);
}

export async function deleteAdvertiser(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(advertisers)
      .where(and(eq(advertisers.id, id), visibleTo(advertisers.workspaceId, actor)))
      .returning({ name: advertisers.name });
    if (!removed) throw notFound(adsMessages.advertisers.notFound);
    await recordActivity(tx, activity(actor, 'deleted', id, removed.name));
  });
}
