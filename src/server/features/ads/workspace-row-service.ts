import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/** A named workspace row: an `id`, a `name` the history quotes, and the `workspaceId` boundary. */
type NamedTenantTable = PgTable & { id: PgColumn; name: PgColumn; workspaceId: PgColumn };
/** A row of such a table, its `id` and `name` typed (drizzle cannot tell them from a generic table). */
type RowOf<T extends PgTable> = T['$inferSelect'] & { id: number; name: string };

/** What one kind of row needs: its table, its history entity, its 404 text and its two conversions. */
export interface WorkspaceRowKind<T extends NamedTenantTable, Data extends { name: string }, Item> {
  table: T;
  /** The `entityType` of its history entries, and the prefix of their types (`advertiser_created`). */
  entity: 'advertiser' | 'partner';
  notFoundMessage: string;
  present: (row: RowOf<T>) => Item;
  /** The columns a body writes (the same for a create and a `PUT`), without the owner's. */
  toColumns: (data: Data) => PgUpdateSetSource<T>;
}

/** The columns advertisers and partners share, as both present them. */
type SharedColumns = {
  id: number;
  userId: number;
  name: string;
  document: string | null;
  contactEmail: string | null;
  createdAt: Date;
};
export const presentSharedFields = <R extends SharedColumns>(row: R) => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  document: row.document as R['document'], // a partner's is never null
  contactEmail: row.contactEmail,
  createdAt: row.createdAt.toISOString(),
});

/** The operations the routes call, whatever the table. */
export interface WorkspaceRowService<Data, Item> {
  list(db: Db, actor: SessionUser): Promise<Item[]>;
  get(db: Db, actor: SessionUser, id: number): Promise<Item>;
  create(db: Db, actor: SessionUser, data: Data): Promise<Item>;
  update(db: Db, actor: SessionUser, id: number, data: Data): Promise<Item>;
  remove(db: Db, actor: SessionUser, id: number): Promise<void>;
}

/**
 * The five operations on admins' rows of the workspace (docs/ads.md): each found only in its
 * workspace (404 elsewhere, writing nothing), each change recorded in its transaction.
 */
export function workspaceRowService<
  T extends NamedTenantTable,
  Data extends { name: string },
  Item extends { id: number; name: string },
>(kind: WorkspaceRowKind<T, Data, Item>): WorkspaceRowService<Data, Item> {
  const { table, entity, notFoundMessage, present, toColumns } = kind;
  const activity = (actor: SessionUser, type: 'created' | 'updated' | 'deleted', id: number, name: string) =>
    ({ ...ownedBy(actor), type: `${entity}_${type}`, data: { name }, entityType: entity, entityId: id }) as const;
  const ownRow = (actor: SessionUser, id: number) => and(eq(table.id, id), visibleTo(table.workspaceId, actor));

  return {
    async list(db: Db, actor: SessionUser): Promise<Item[]> {
      const rows = await db
        .select()
        .from(table as PgTable)
        .where(visibleTo(table.workspaceId, actor));
      return (rows as RowOf<T>[]).map(present).sort(byNameThenId);
    },

    async get(db: Db, actor: SessionUser, id: number): Promise<Item> {
      return present(await loadVisible<T, RowOf<T>>(db, table, actor, id, notFoundMessage));
    },

    async create(db: Db, actor: SessionUser, data: Data): Promise<Item> {
      const row = await db.transaction(async (tx) => {
        const values = { ...toColumns(data), ...ownedBy(actor) } as PgInsertValue<T>;
        const [created] = (await tx.insert(table).values(values).returning()) as RowOf<T>[];
        await recordActivity(tx, activity(actor, 'created', created!.id, data.name));
        return created!;
      });
      return present(row);
    },

    /** A `PUT` replaces the row's fields; another workspace's id is 404 and writes nothing. */
    async update(db: Db, actor: SessionUser, id: number, data: Data): Promise<Item> {
      const row = await db.transaction(async (tx) => {
        const [updated] = (await tx
          .update(table)
          .set(toColumns(data))
          .where(ownRow(actor, id))
          .returning()) as RowOf<T>[];
        if (!updated) throw notFound(notFoundMessage);
        await recordActivity(tx, activity(actor, 'updated', id, data.name));
        return updated;
      });
      return present(row);
    },

    async remove(db: Db, actor: SessionUser, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(table).where(ownRow(actor, id)).returning({ name: table.name });
        if (!removed) throw notFound(notFoundMessage);
        await recordActivity(tx, activity(actor, 'deleted', id, removed.name as string));
      });
    },
  };
}
