import { eq } from 'drizzle-orm';
import { askedPlaylists, type GroupAssignmentData } from '../../../contract/devices';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy } from '../../auth/tenancy';
import { anyOf } from '../../db/any-of';
import type { Tx } from '../../db/client';
import { deviceGroups, devices } from '../../db/schema';
import { recordActivity } from '../activities/activity-service';
import { assertPlaylistsOwned } from '../devices/device-service';
import { deviceColumns, presentDevice, zonePlaylistIdsOf, type DeviceRow } from '../devices/device-presenter';
import { assignedZones, chooseScreenLayout, zonePlaylistColumns, type ScreenLayout } from '../devices/screen-layout';
import type { GroupDeps } from './device-group-service';

type Member = DeviceRow;

/**
 * What each member of the group will store: its layout (`layoutId` asked, or its own) and a
 * playlist per zone by the assign dialog's rules (`assignedZones`). The first member refused stops
 * the whole assignment, its name in the message.
 */
async function planMembers(tx: Tx, workspaceId: number, members: Member[], input: GroupAssignmentData) {
  const layouts = new Map<string, ScreenLayout>();
  const plans = [];
  for (const member of members) {
    const requested = input.layoutId !== undefined ? input.layoutId : member.layoutId;
    // One lookup per distinct layout and screen shape, not one per member.
    const key = `${requested}|${member.orientation}|${member.layout}`;
    let screen = layouts.get(key);
    if (!screen) layouts.set(key, (screen = await chooseScreenLayout(tx, workspaceId, member, requested)));
    const zones = assignedZones({ ...screen, screenName: member.name }, zonePlaylistIdsOf(member), input);
    plans.push({
      id: member.id,
      values: { layout: screen.layout, layoutId: screen.layoutId, ...zonePlaylistColumns(zones, zones.length) },
    });
  }
  return plans;
}

/**
 * The playlists of windows 1 and 2 for every device of a group at once, by the assign dialog's
 * rules (docs/product.md#validation): the playlists must be of the workspace; when the group holds
 * a dual-layout device both are needed; a single-layout device takes the first only. With
 * `layoutId` every device also takes that layout, and `zonePlaylistIds` fills its zones
 * (docs/layouts.md#devices). One transaction (the group's devices locked, so a layout changed
 * meanwhile is judged as it is), then `device.changed` per device: lists and TV manifests follow.
 */
export async function assignGroupPlaylists(
  deps: GroupDeps,
  actor: SessionUser,
  groupId: number,
  input: GroupAssignmentData,
): Promise<{ updated: number }> {
  const group = await loadVisible(deps.db, deviceGroups, actor, groupId, messages.groups.notFound);
  const rows = await deps.db.transaction(async (tx) => {
    const members = await tx.select(deviceColumns).from(devices).where(eq(devices.groupId, groupId)).for('update');
    const plans = await planMembers(tx, group.workspaceId, members, input);
    await assertPlaylistsOwned(
      tx,
      group.workspaceId,
      // What was asked too: an empty group still refuses another workspace's playlist.
      askedPlaylists(input).concat(
        plans.flatMap((p) => [
          p.values.assignedPlaylistId1,
          p.values.assignedPlaylistId2,
          ...p.values.extraZonePlaylistIds,
        ]),
      ),
    );
    if (members.length === 0) return [];
    // Members that store the same values share one statement: a group is one or a few shapes.
    const byValues = new Map<string, { values: (typeof plans)[number]['values']; ids: number[] }>();
    for (const plan of plans) {
      const key = JSON.stringify(plan.values);
      const entry = byValues.get(key) ?? { values: plan.values, ids: [] };
      entry.ids.push(plan.id);
      byValues.set(key, entry);
    }
    const updated: DeviceRow[] = [];
    for (const { values, ids } of byValues.values())
      // The devices locked and judged above, not the group as it is now: one moved in meanwhile was not judged.
      updated.push(...(await tx.update(devices).set(values).where(anyOf(devices.id, ids)).returning(deviceColumns)));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'group_playlists_assigned',
      data: { name: group.name, devices: updated.length },
      entityType: 'device_group',
      entityId: groupId,
    });
    return updated;
  });
  for (const row of rows)
    deps.bus.publish({
      type: 'device.changed',
      deviceId: row.id,
      workspaceId: row.workspaceId,
      device: presentDevice(row),
    });
  return { updated: rows.length };
}
