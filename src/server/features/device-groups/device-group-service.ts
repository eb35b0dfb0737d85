import { and, eq } from 'drizzle-orm';
import type { DeviceGroup, DeviceGroupInputData } from '../../../contract/devices';
import { messages } from '../../../contract/messages';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { deviceGroups } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { recordActivity } from '../activities/activity-service';
import { dropCampaignTarget } from '../campaigns/campaign-service';

export interface GroupDeps {
  db: Db;
  /** Where changes are announced to open screens (issue 12). */
  bus: EventBus;
}

const present = (row: typeof deviceGroups.$inferSelect): DeviceGroup => ({
  id: row.id,
  userId: row.userId,
  name: row.name,
  description: row.description,
  openingHours: row.openingHours,
  offlineMinutes: row.offlineMinutes,
  createdAt: row.createdAt.toISOString(),
});

export async function listGroups({ db }: GroupDeps, actor: SessionUser): Promise<DeviceGroup[]> {
  const rows = await db.select().from(deviceGroups).where(visibleTo(deviceGroups.workspaceId, actor));
  // The one order of names (contract/sort.ts), the admin UI's too: no database collation gives it.
  return rows.map(present).sort(byNameThenId);
}

const loadVisible = (db: Db, actor: SessionUser, id: number) =>
  loadVisibleRow(db, deviceGroups, actor, id, messages.groups.notFound);

export async function createGroup(
  { db, bus }: GroupDeps,
  actor: SessionUser,
  data: DeviceGroupInputData,
): Promise<DeviceGroup> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(deviceGroups)
      .values({ ...data, ...ownedBy(actor) })
      .returning();
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'group_created',
      data: { name: data.name },
      entityType: 'device_group',
      entityId: created!.id,
    });
    return created;
  });
  bus.publish({ type: 'group.changed', groupId: row!.id, workspaceId: row!.workspaceId });
  return present(row!);
}

export async function updateGroup(
  { db, bus }: GroupDeps,
  actor: SessionUser,
  id: number,
  changes: Partial<DeviceGroupInputData>,
): Promise<DeviceGroup> {
  const current = await loadVisible(db, actor, id);
  // What a change leaves out is kept.
  const kept = <K extends keyof DeviceGroupInputData>(key: K) =>
    changes[key] === undefined ? current[key] : changes[key];
  const set = {
    name: changes.name ?? current.name,
    description: kept('description'),
    openingHours: kept('openingHours'),
    offlineMinutes: kept('offlineMinutes'),
  };
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(deviceGroups).set(set).where(eq(deviceGroups.id, id)).returning();
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'group_updated',
      data: { name: set.name },
      entityType: 'device_group',
      entityId: id,
    });
    return updated;
  });
  bus.publish({ type: 'group.changed', groupId: id, workspaceId: row!.workspaceId });
  return present(row!);
}

/**
 * Its devices stay, with no group (the FK sets `group_id` to null); campaigns forget it. The row is
 * read by the delete itself, under its lock: of two removals at once, the second waits, finds
 * nothing and answers 404, writing no history and announcing nothing (docs/security.md, data
 * integrity).
 */
export async function deleteGroup({ db, bus }: GroupDeps, actor: SessionUser, id: number): Promise<void> {
  const current = await db.transaction(async (tx) => {
    const [current] = await tx
      .delete(deviceGroups)
      .where(and(eq(deviceGroups.id, id), visibleTo(deviceGroups.workspaceId, actor)))
      .returning({ name: deviceGroups.name, workspaceId: deviceGroups.workspaceId });
    if (!current) throw notFound(messages.groups.notFound);
    await dropCampaignTarget(tx, current.workspaceId, 'group', id);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'group_deleted',
      data: { name: current.name },
      entityType: 'device_group',
      entityId: id,
    });
    return current;
  });
  bus.publish({ type: 'group.deleted', groupId: id, workspaceId: current.workspaceId });
}
