import type { Device } from '@contract/devices';

/** The device list's health filters (docs/screen-health.md#the-panel): each one on narrows the list. */
export interface HealthFilter {
  lowStorage: boolean;
  oldVersion: boolean;
}
export const NO_HEALTH_FILTER: HealthFilter = { lowStorage: false, oldVersion: false };

/**
 * The devices the server judged with little storage and/or an old version at their last report, in
 * the list's order; none on gives the same array back (memoized consumers see no change). A device
 * that never reported matches neither.
 */
export function filterByHealth<T extends Pick<Device, 'health'>>(
  devices: readonly T[],
  filter: HealthFilter,
): readonly T[] {
  if (!filter.lowStorage && !filter.oldVersion) return devices;
  return devices.filter(
    ({ health }) => !!health && (!filter.lowStorage || health.lowStorage) && (!filter.oldVersion || health.oldVersion),
  );
}

const UNITS = [
  { seconds: 86_400, one: 'dia', many: 'dias' },
  { seconds: 3_600, one: 'hora', many: 'horas' },
  { seconds: 60, one: 'minuto', many: 'minutos' },
] as const;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * How long the player has been running, its two largest units in pt-BR: `3 dias e 4 horas`,
 * `2 horas e 5 minutos`, `42 segundos`.
 */
export function formatUptime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  if (total < 60) return count(total, 'segundo', 'segundos');
  const parts: string[] = [];
  let rest = total;
  for (const unit of UNITS) {
    const n = Math.floor(rest / unit.seconds);
    rest -= n * unit.seconds;
    if (n > 0 || parts.length > 0) parts.push(n > 0 ? count(n, unit.one, unit.many) : '');
    if (parts.length === 2) break;
  }
  return parts.filter(Boolean).join(' e ');
}
