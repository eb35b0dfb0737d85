import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceAssignment } from '../../../contract/devices';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy } from '../../auth/tenancy';
import { anyOf } from '../../db/any-of';
import { deviceGroups, devices, playlists } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';
import { deviceColumns, presentDevice } from '../devices/device-presenter';
import type { GroupDeps } from './device-group-service';

/**
 * The playlists of windows 1 and 2 for every device of a group at once, by the assign dialog's
 * rules (docs/product.md#validation): the playlists must be of the workspace; when the group holds a dual-layout
 * device both are needed; a single-layout device takes the first only. One transaction (the
 * group's devices locked, so a layout changed meanwhile is judged as it is), then `device.changed`
 * per device: lists and TV manifests follow.
 */
export async function assignGroupPlaylists(
  deps: GroupDeps,
  actor: SessionUser,
  groupId: number,
  input: DeviceAssignment,
): Promise<{ updated: number }> {
  const group = await loadVisible(deps.db, deviceGroups, actor, groupId, messages.groups.notFound);
  const first = input.assignedPlaylistId1 ?? null;
  const second = input.assignedPlaylistId2 ?? null;
  const wanted = [...new Set([first, second].filter((v): v is number => v !== null))];
  if (wanted.length) {
    const owned = await deps.db
      .select({ id: playlists.id })
      .from(playlists)
      .where(and(inArray(playlists.id, wanted), eq(playlists.workspaceId, group.workspaceId)));
    if (owned.length !== wanted.length)
      throw new HttpError(400, messages.playlists.notFound.title, ERROR_CODES.playlistNotFound);
  }
  const rows = await deps.db.transaction(async (tx) => {
    const members = await tx
      .select({ id: devices.id, layout: devices.layout })
      .from(devices)
      .where(eq(devices.groupId, groupId))
      .for('update');
    if (members.length === 0) return [];
    if (members.some((d) => d.layout === 'dual') && (first === null || second === null)) {
      throw new HttpError(400, messages.devices.dualNeedsTwo.description, ERROR_CODES.dualNeedsTwoPlaylists);
    }
    const updated = await tx
      .update(devices)
      .set({
        assignedPlaylistId1: first,
        assignedPlaylistId2: sql`case when ${devices.layout} = 'dual' then ${second}::integer else null end`,
      })
      // The devices locked and judged above, not the group as it is now: one moved in meanwhile was not judged.
      .where(
        anyOf(
          devices.id,
          members.map((d) => d.id),
        ),
      )
      .returning(deviceColumns);
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
