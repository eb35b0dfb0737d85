import { and, eq } from 'drizzle-orm';
import { BUILT_IN_LAYOUTS, builtInLayout, nameKey, type Layout, type LayoutData } from '../../../contract/layouts';
import { messages } from '../../../contract/messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { layouts } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/**
 * A workspace's layouts and the built-in templates (docs/layouts.md). Built-ins are constants of
 * the contract with negative ids: listed and read like the others, never written.
 */

type Row = typeof layouts.$inferSelect;

const present = (row: Row): Layout => ({
  id: row.id,
  name: row.name,
  orientation: row.orientation,
  builtIn: false,
  zones: row.zones,
});

const BUILT_IN_NAME_KEYS = new Set(BUILT_IN_LAYOUTS.map((l) => nameKey(l.name)));

/** A built-in's name is taken too: a picker listing both could not tell them apart. */
function assertNameFree(name: string): void {
  if (BUILT_IN_NAME_KEYS.has(nameKey(name))) throw conflict(messages.layouts.nameTaken);
}

/** The unique index on the name (a creation or rename meanwhile) is the same 409 as the check. */
function rethrowNameTaken(error: unknown): never {
  if (uniqueViolation(error) === 'layouts_name_unique') throw conflict(messages.layouts.nameTaken);
  throw error;
}

/** 409 for a built-in (fixed for every workspace); else nothing. */
function assertWritable(id: number): void {
  if (builtInLayout(id)) throw conflict(messages.layouts.builtInReadOnly);
}

/** The built-ins in their catalogue order (the spec's Tela Única and Tela Dupla first), then the workspace's by name. */
export async function listLayouts(db: Db, actor: SessionUser): Promise<Layout[]> {
  const rows = await db.select().from(layouts).where(visibleTo(layouts.workspaceId, actor));
  const own = rows.map(present).sort(byNameThenId);
  return [...BUILT_IN_LAYOUTS, ...own];
}

export async function getLayout(db: Db, actor: SessionUser, id: number): Promise<Layout> {
  const builtIn = builtInLayout(id);
  if (builtIn) return builtIn;
  if (id < 1) throw notFound(messages.layouts.notFound);
  const [row] = await db
    .select()
    .from(layouts)
    .where(and(eq(layouts.id, id), visibleTo(layouts.workspaceId, actor)))
    .limit(1);
  if (!row) throw notFound(messages.layouts.notFound);
  return present(row);
}

export async function createLayout(db: Db, actor: SessionUser, data: LayoutData): Promise<Layout> {
  assertNameFree(data.name);
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(layouts)
        .values({ ...data, nameKey: nameKey(data.name), ...ownedBy(actor) })
        .returning();
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'layout_created',
        data: { name: data.name },
        entityType: 'layout',
        entityId: created!.id,
      });
      return created!;
    });
    return present(row);
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/** The whole layout is replaced (name, orientation, zones): the editor sends it as it shows it. */
export async function updateLayout(db: Db, actor: SessionUser, id: number, data: LayoutData): Promise<Layout> {
  assertWritable(id);
  assertNameFree(data.name);
  try {
    const row = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(layouts)
        .set({ ...data, nameKey: nameKey(data.name), updatedAt: new Date() })
        .where(and(eq(layouts.id, id), visibleTo(layouts.workspaceId, actor)))
        .returning();
      if (!updated) throw notFound(messages.layouts.notFound);
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'layout_updated',
        data: { name: data.name },
        entityType: 'layout',
        entityId: id,
      });
      return updated;
    });
    return present(row);
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/**
 * The row is read by the delete itself, under its lock: of two removals at once the second finds
 * nothing and answers 404, writing no history (docs/security.md, data integrity).
 */
export async function deleteLayout(db: Db, actor: SessionUser, id: number): Promise<void> {
  assertWritable(id);
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(layouts)
      .where(and(eq(layouts.id, id), visibleTo(layouts.workspaceId, actor)))
      .returning({ name: layouts.name });
    if (!removed) throw notFound(messages.layouts.notFound);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'layout_deleted',
      data: { name: removed.name },
      entityType: 'layout',
      entityId: id,
    });
  });
}
