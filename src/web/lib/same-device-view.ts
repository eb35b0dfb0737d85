import type { Device } from '@contract/devices';

/**
 * Whether two versions of a device look the same on a card that does not show `lastSeen`: a
 * heartbeat batch replaces thousands of device objects every few seconds, and only a field the
 * card shows should re-render it. Any other field (today's or one added later) counts.
 */
export function sameDeviceExceptLastSeen(a: Device, b: Device): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as Array<keyof Device>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key === 'lastSeen' || Object.is(a[key], b[key]));
}

/** `memo` comparison for components taking a `device` prop and others compared by identity. */
export function samePropsExceptLastSeen<P extends { device: Device }>(prev: P, next: P): boolean {
  for (const key of Object.keys(next) as Array<keyof P>) {
    if (key === 'device') continue;
    if (!Object.is(prev[key], next[key])) return false;
  }
  return Object.keys(prev).length === Object.keys(next).length && sameDeviceExceptLastSeen(prev.device, next.device);
}
