import { sql } from 'drizzle-orm';
import type { DeviceCommand } from '../../../contract/tv';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';

/**
 * Requests for a TV, kept on its row until one way delivers them (docs/tv-protocol.md#commands): the
 * process holding the TV's socket pushes one as it is asked, and an HTTP heartbeat takes whatever is
 * left. Each taking is one statement that removes what it returns, so of the two ways at once only
 * one delivers a request: a TV reloads or takes a picture once per ask.
 */

/** Leaves the request for the TV (once: asking twice before it is taken is one request). */
export async function queueCommand(db: Db, deviceId: number, command: DeviceCommand): Promise<void> {
  await db
    .update(devices)
    .set({
      pendingCommands: sql`case when ${command} = any(${devices.pendingCommands}) then ${devices.pendingCommands}
        else array_append(${devices.pendingCommands}, ${command}::text) end`,
    })
    .where(sql`${devices.id} = ${deviceId}`);
}

/** Takes one request for the socket's push; false when the heartbeat (or another push) took it first. */
export async function takeCommand(db: Db, deviceId: number, command: DeviceCommand): Promise<boolean> {
  const taken = await db
    .update(devices)
    .set({ pendingCommands: sql`array_remove(${devices.pendingCommands}, ${command}::text)` })
    .where(sql`${devices.id} = ${deviceId} and ${command}::text = any(${devices.pendingCommands})`)
    .returning({ id: devices.id });
  return taken.length > 0;
}

/** Takes every request left for the TV (its HTTP heartbeat); none, in one cheap read, most of the time. */
export async function takeAllCommands(db: Db, deviceId: number): Promise<DeviceCommand[]> {
  const result = (await db.execute(sql`
    with taken as (
      select id, pending_commands from devices where id = ${deviceId} and cardinality(pending_commands) > 0 for update
    )
    update devices d set pending_commands = '{}' from taken where d.id = taken.id
    returning taken.pending_commands as commands`)) as unknown as { rows: Array<{ commands: DeviceCommand[] }> };
  return result.rows[0]?.commands ?? [];
}
