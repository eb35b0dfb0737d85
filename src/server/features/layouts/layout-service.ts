import { and, asc, count, eq, sql } from 'drizzle-orm';
import { BUILT_IN_LAYOUTS, builtInLayout, nameKey, type Layout, type LayoutData } from '../../../contract/layouts';
import { messages } from '../../../contract/messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { devices, layouts } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { specLayoutFor } from '../../../contract/layouts';
import { deviceColumns, presentDevice } from '../devices/device-presenter';
import { conflict, notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/**
 * A workspace's layouts and the built-in templates (docs/layouts.md). Built-ins are constants of
 * the contract with negative ids: listed and read like the others, never written.
 */

type Row = typeof layouts.$inferSelect;

export interface LayoutDeps {
  db: Db;
  bus: EventBus;
}

/** How many screens the 409 of a layout in use names; the rest are counted ("e mais 3"). */
const IN_USE_NAMED = 3;

/**
 * The layout's row locked `FOR UPDATE` (an assignment holds it `FOR SHARE`, so one waits for the
 * other), and the screens that use it: a few names, in name order, and how many.
 */
async function lockWithScreens(tx: Tx, actor: SessionUser, id: number) {
  const [row] = await tx
    .select({ id: layouts.id, orientation: layouts.orientation })
    .from(layouts)
    .where(and(eq(layouts.id, id), visibleTo(layouts.workspaceId, actor)))
    .for('update');
  if (!row) throw notFound(messages.layouts.notFound);
  const [named, [total]] = await Promise.all([
    tx
      .select({ name: devices.name })
      .from(devices)
      .where(eq(devices.layoutId, id))
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(IN_USE_NAMED),
    tx.select({ n: count() }).from(devices).where(eq(devices.layoutId, id)),
  ]);
  const names = named.map((d) => d.name);
  const more = total!.n - names.length;
  return {
    row,
    names,
    inUse: () => conflict(messages.layouts.inUse(names, more)),
    orientationInUse: () => conflict(messages.layouts.orientationInUse(names, more)),
  };
}

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

export async function createLayout({ db, bus }: LayoutDeps, actor: SessionUser, data: LayoutData): Promise<Layout> {
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
    bus.publish({ type: 'layout.changed', layoutId: row.id, workspaceId: row.workspaceId });
    return present(row);
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/**
 * The whole layout is replaced (name, orientation, zones): the editor sends it as it shows it. The
 * screens using it follow (docs/layouts.md#devices): each zone keeps its playlist by its place,
 * zones added start empty, zones taken away drop theirs; their orientation is theirs, so a layout in
 * use keeps its own (409 naming the screens).
 */
export async function updateLayout(
  { db, bus }: LayoutDeps,
  actor: SessionUser,
  id: number,
  data: LayoutData,
): Promise<Layout> {
  assertWritable(id);
  assertNameFree(data.name);
  try {
    const { row, screens } = await db.transaction(async (tx) => {
      const locked = await lockWithScreens(tx, actor, id);
      if (locked.names.length > 0 && locked.row.orientation !== data.orientation) throw locked.orientationInUse();
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
      const zones = data.zones.length;
      const screens = await tx
        .update(devices)
        .set({
          layout: specLayoutFor(zones),
          assignedPlaylistId2: zones > 1 ? sql`${devices.assignedPlaylistId2}` : null,
          // Padded with nulls, then cut to one per zone past the second.
          extraZonePlaylistIds: sql`(${devices.extraZonePlaylistIds} || array_fill(null::integer, array[8]))[1:${Math.max(0, zones - 2)}::integer]`,
        })
        .where(eq(devices.layoutId, id))
        .returning(deviceColumns);
      return { row: updated, screens };
    });
    bus.publish({ type: 'layout.changed', layoutId: id, workspaceId: row.workspaceId });
    for (const screen of screens)
      bus.publish({
        type: 'device.changed',
        deviceId: screen.id,
        workspaceId: screen.workspaceId,
        device: presentDevice(screen),
      });
    return present(row);
  } catch (error) {
    rethrowNameTaken(error);
  }
}

/**
 * A layout in use stays: 409 naming its screens (docs/layouts.md#api). The row is locked first:
 * of two removals at once the second finds nothing and answers 404, writing no history
 * (docs/security.md, data integrity); an assignment naming it meanwhile either ran first (and the
 * screen is named) or waits and finds it gone.
 */
export async function deleteLayout({ db, bus }: LayoutDeps, actor: SessionUser, id: number): Promise<void> {
  assertWritable(id);
  const workspaceId = await db.transaction(async (tx) => {
    const locked = await lockWithScreens(tx, actor, id);
    if (locked.names.length > 0) throw locked.inUse();
    const [removed] = await tx
      .delete(layouts)
      .where(and(eq(layouts.id, id), visibleTo(layouts.workspaceId, actor)))
      .returning({ name: layouts.name, workspaceId: layouts.workspaceId });
    if (!removed) throw notFound(messages.layouts.notFound);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'layout_deleted',
      data: { name: removed.name },
      entityType: 'layout',
      entityId: id,
    });
    return removed.workspaceId;
  });
  bus.publish({ type: 'layout.deleted', layoutId: id, workspaceId });
}
