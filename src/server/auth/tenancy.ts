import { and, eq, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { notFound } from '../http/errors';
import type { SessionUser } from './session-user';

/**
 * The row filter of docs/security.md#roles-and-tenancy: everyone sees and manages what is in their workspace, admins
 * included; nothing of another workspace is visible (services answer 404 for it).
 */
export const visibleTo = (workspaceColumn: PgColumn, actor: SessionUser): SQL => eq(workspaceColumn, actor.workspaceId);

/** Who a new row belongs to: the caller's workspace, and the caller as its creator (`userId`). */
export const ownedBy = (actor: SessionUser) => ({ workspaceId: actor.workspaceId, userId: actor.id });

/** A tenant table: rows with an `id` and the `workspaceId` boundary. */
type TenantTable = PgTable & { id: PgColumn; workspaceId: PgColumn };

/**
 * The row `id` of `table` if the actor may see it (same workspace), else the 404 with
 * `notFoundMessage`: another workspace's ids answer like ids that do not exist. `columns` picks
 * what is read (the devices never read their token hash); by default the whole row.
 */
export async function loadVisible<T extends TenantTable, Row = InferSelectModel<T>>(
  db: Db | Tx,
  table: T,
  actor: SessionUser,
  id: number,
  notFoundMessage: string,
  columns?: SelectedFields,
): Promise<Row> {
  const query = columns ? db.select(columns) : db.select();
  const [row] = await query
    .from(table as PgTable)
    .where(and(eq(table.id, id), visibleTo(table.workspaceId, actor)))
    .limit(1);
  if (!row) throw notFound(notFoundMessage);
  return row as Row;
}
