import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Activity, ActivityAuthor, ActivityQuery } from '../../../contract/activities';
import { activitySentence, type ActivityRecord } from '../../../contract/activity-messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { activities, users, workspaces } from '../../db/schema';
import { activitySentenceSql } from './activity-sentence-sql';

/** A change to record: who, where, the entity, and its type with that type's data (no sentence). */
export type ActivityEntry = {
  userId: number;
  workspaceId: number;
  entityType: string;
  entityId: number;
} & ActivityRecord;

/**
 * Activity history (docs/product.md#entities): kept when the entity it mentions is removed, and when its user is
 * (no foreign key on `user_id`). Written in the transaction of the change it tells about, as facts:
 * the sentence is made when read (docs/activity-history.md).
 */
export async function recordActivity(db: Db | Tx, entry: ActivityEntry | ActivityEntry[]): Promise<void> {
  const rows = Array.isArray(entry) ? entry : [entry];
  if (rows.length) await db.insert(activities).values(rows);
}

// Searching ignores case and accents: the same folding on both sides (SQL `translate`, then lower).
const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇáàâãäéèêëíìîïóòôõöúùûüç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCaaaaaeeeeiiiiooooouuuuc';
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const likePattern = (text: string) => `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A day of the workspace's time zone, as the instant it starts (`days` later for the end). */
const dayStart = (workspaceId: number, day: string, days = 0) =>
  sql`((${day}::date + ${days}::integer)::timestamp at time zone (select ${workspaces.timeZone} from ${workspaces} where ${workspaces.id} = ${workspaceId}))`;

/** The actor's workspace's history, newest first, one page; `nextBefore` continues it (null: no more). */
export async function listActivities(
  db: Db,
  actor: SessionUser,
  query: ActivityQuery,
): Promise<{ items: Activity[]; nextBefore: number | null }> {
  const where: (SQL | undefined)[] = [visibleTo(activities.workspaceId, actor)];
  if (query.before) where.push(lt(activities.id, query.before));
  if (query.type) where.push(eq(activities.type, query.type));
  if (query.entityType) where.push(eq(activities.entityType, query.entityType));
  if (query.userId) where.push(eq(activities.userId, query.userId));
  if (query.from) where.push(sql`${activities.createdAt} >= ${dayStart(actor.workspaceId, query.from)}`);
  if (query.to) where.push(sql`${activities.createdAt} < ${dayStart(actor.workspaceId, query.to, 1)}`);
  if (query.search)
    where.push(sql`lower(translate(${activitySentenceSql}, ${ACCENTED}, ${PLAIN})) like ${likePattern(query.search)}`);
  const rows = await db
    .select({
      id: activities.id,
      type: activities.type,
      data: activities.data,
      legacyText: activities.legacyText,
      entityType: activities.entityType,
      entityId: activities.entityId,
      userId: activities.userId,
      // Only a user of the same workspace names the entry (a removed one: null).
      userName: users.username,
      createdAt: activities.createdAt,
    })
    .from(activities)
    .leftJoin(users, and(eq(users.id, activities.userId), eq(users.workspaceId, activities.workspaceId)))
    .where(and(...where))
    .orderBy(desc(activities.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(({ data, legacyText, ...row }) => ({
      ...row,
      // docs/product.md#entities's `description`: the stored text of an older entry, else the sentence of its data.
      description: legacyText ?? activitySentence(row.type, data),
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}

/** The workspace's users with at least one entry, in the one order of names (contract/sort.ts; few: read whole). */
export async function listActivityAuthors(db: Db, actor: SessionUser): Promise<ActivityAuthor[]> {
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(
      and(
        visibleTo(users.workspaceId, actor),
        sql`exists (select 1 from ${activities} where ${activities.userId} = ${users.id} and ${activities.workspaceId} = ${actor.workspaceId})`,
      ),
    );
  return rows.sort(byNameThenId);
}
