import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { DeviceCommandResponse } from '../../../contract/screens';
import { deviceUnauthenticated, type DeviceIdentity } from '../../auth/device-auth';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { queueCommand } from '../tv/device-commands';
import { recordActivity } from '../activities/activity-service';
import { deviceColumns, presentDevice } from './device-presenter';

/**
 * The screens seen from afar (issue 15, docs/proof-of-play.md#screens-from-afar): the admin asks a connected TV for a
 * screenshot or a reload (the request travels on the bus to the process holding its socket), the
 * TV uploads its picture, and the latest one per device is kept in the media store under a
 * media-style key (`<uuid>.jpg`): a removed device's picture is an orphan that the store's
 * reconciliation deletes (`maintenance/orphan-files.ts`).
 */
export interface ScreenDeps {
  db: Db;
  bus: EventBus;
  store: MediaStore;
  /** Where the upload is written before the store takes it (DATA_DIR/tmp). */
  tmpDir: string;
  log: FastifyBaseLogger;
}

const screenColumns = {
  id: devices.id,
  workspaceId: devices.workspaceId,
  name: devices.name,
  status: devices.status,
  screenshotKey: devices.screenshotKey,
  screenshotAt: devices.screenshotAt,
};
type ScreenRow = { [K in keyof typeof screenColumns]: (typeof devices.$inferSelect)[K] };
const loadScreen = (db: Db, actor: SessionUser, id: number) =>
  loadVisible<typeof devices, ScreenRow>(db, devices, actor, id, messages.devices.notFound, screenColumns);

/**
 * Passes the request on to the TV. An offline TV has no socket anywhere: 409, said in words. A TV
 * that went away a moment ago (still online until the sweep) simply never answers; the admin
 * screen says so after its wait.
 */
export async function askDevice(
  deps: ScreenDeps,
  actor: SessionUser,
  id: number,
  command: 'screenshot' | 'reload',
): Promise<DeviceCommandResponse> {
  const device = await loadScreen(deps.db, actor, id);
  if (device.status !== 'online') {
    throw new HttpError(
      409,
      command === 'screenshot' ? messages.devices.screenshotOffline : messages.devices.reloadOffline,
      ERROR_CODES.deviceOffline,
    );
  }
  // A reload interrupts what the screen shows: the history says who did it.
  if (command === 'reload') {
    await recordActivity(deps.db, {
      ...ownedBy(actor),
      type: 'device_reloaded',
      data: { name: device.name },
      entityType: 'device',
      entityId: id,
    });
    deps.bus.publish({ type: 'activity.recorded', workspaceId: device.workspaceId });
  }
  // Kept for the TV until its socket's push or its next HTTP heartbeat takes it (docs/tv-protocol.md#commands).
  await queueCommand(deps.db, id, command);
  deps.bus.publish({ type: 'device.command', deviceId: id, workspaceId: device.workspaceId, command });
  return { requestedAt: new Date().toISOString() };
}

/** The latest screenshot's store key, or 404 (no such device in the workspace, or no picture yet). */
export async function screenshotOf(deps: ScreenDeps, actor: SessionUser, id: number): Promise<string> {
  const device = await loadScreen(deps.db, actor, id);
  if (!device.screenshotKey) throw notFound(messages.devices.screenshotNone);
  return device.screenshotKey;
}

/** JPEG files start with SOI and a marker (FF D8 FF) and end with EOI (FF D9). */
export function looksLikeJpeg(bytes: Buffer): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

/**
 * Keeps the TV's picture as its device's latest. Stored first, then the row points at it (only if
 * the token that sent it is still the device's pairing), then the previous picture is deleted:
 * a crash in between leaves at worst an orphan file for the reconciliation, never a row without
 * its file. Every open page gets the device with its new `screenshotAt`.
 */
export async function storeScreenshot(
  deps: ScreenDeps,
  tv: DeviceIdentity,
  bytes: Buffer,
): Promise<{ takenAt: string }> {
  if (!looksLikeJpeg(bytes)) throw new HttpError(400, messages.tv.screenshotNotJpeg, ERROR_CODES.validation);
  const key = `${randomUUID()}.jpg`;
  const file = path.join(deps.tmpDir, `${key}.partial`);
  await mkdir(deps.tmpDir, { recursive: true });
  try {
    await writeFile(file, bytes);
    await deps.store.putFile(key, file, 'image/jpeg');
  } finally {
    // Consumed by the store when it took it; left behind only if writing or storing failed.
    await rm(file, { force: true });
  }
  const forget = () =>
    deps.store
      .delete(key)
      .catch((error: unknown) => deps.log.error({ err: error, key }, 'could not remove an unused screenshot'));
  const takenAt = new Date();
  const result = await deps.db
    .transaction(async (tx) => {
      const [previous] = await tx
        .select({ key: devices.screenshotKey })
        .from(devices)
        .where(and(eq(devices.id, tv.deviceId), eq(devices.tokenHash, tv.tokenHash)))
        .for('update');
      if (!previous) return null;
      const [row] = await tx
        .update(devices)
        .set({ screenshotKey: key, screenshotAt: takenAt })
        .where(eq(devices.id, tv.deviceId))
        .returning(deviceColumns);
      return { previousKey: previous.key, row: row! };
    })
    .catch(async (error: unknown) => {
      await forget();
      throw error;
    });
  if (!result) {
    await forget();
    throw deviceUnauthenticated();
  }
  if (result.previousKey) {
    const old = result.previousKey;
    await deps.store
      .delete(old)
      .catch((error: unknown) => deps.log.error({ err: error, key: old }, 'could not remove a replaced screenshot'));
  }
  deps.bus.publish({
    type: 'device.changed',
    deviceId: tv.deviceId,
    workspaceId: tv.workspaceId,
    device: presentDevice(result.row),
  });
  return { takenAt: takenAt.toISOString() };
}
