import { and, eq, isNotNull } from 'drizzle-orm';
import { HEALTH_REPORT_MIN_INTERVAL_MS, healthFlags, type HealthReport } from '../../../contract/screen-health';
import type { DeviceIdentity } from '../../auth/device-auth';
import type { Db } from '../../db/client';
import { devices } from '../../db/schema';
import type { EventBus } from '../../realtime/event-bus';
import { deviceColumns, presentDevice } from '../devices/device-presenter';
import { deviceUnauthenticated } from '../../auth/device-auth';

/**
 * Screen health (docs/screen-health.md). A TV reports at most once a minute; a report sooner than that
 * after the last one this process stored is answered and dropped, so a misbehaving TV costs no
 * write. Open admin screens hear of it (`device.changed`) only on its first report and when a
 * device list filter changes for it (little storage, an old version): never once a minute per TV.
 */
export function createScreenHealthService(deps: { db: Db; bus: EventBus; versions: () => Promise<HealthVersions> }) {
  const stored = new Map<number, number>();
  return async function reportHealth(identity: DeviceIdentity, report: HealthReport): Promise<void> {
    const now = Date.now();
    if (now - (stored.get(identity.deviceId) ?? 0) < HEALTH_REPORT_MIN_INTERVAL_MS * 0.9) return;
    const flags = healthFlags(report, await deps.versions());
    const [before] = await deps.db
      .select({ health: devices.health })
      .from(devices)
      .where(eq(devices.id, identity.deviceId));
    const [row] = await deps.db
      .update(devices)
      .set({ health: { ...report, reportedAt: new Date(now).toISOString(), ...flags } })
      .where(and(eq(devices.id, identity.deviceId), isNotNull(devices.tokenHash)))
      .returning(deviceColumns);
    if (!row) throw deviceUnauthenticated();
    stored.set(identity.deviceId, now);
    const changed =
      !before?.health || before.health.lowStorage !== flags.lowStorage || before.health.oldVersion !== flags.oldVersion;
    if (changed)
      deps.bus.publish({
        type: 'device.changed',
        deviceId: row.id,
        workspaceId: row.workspaceId,
        device: presentDevice(row),
      });
  };
}

export interface HealthVersions {
  playerVersion: string;
  appVersion: string | null;
}
