import type { Device } from '@contract/devices';
import type { ScreenOnAir } from '@contract/screens';

/**
 * Whether two reports of what a TV plays say the same. A report comes as a new object with every
 * `device_changed` and `device_update`, mostly saying what the last one said.
 */
export function sameScreenOnAir(a: ScreenOnAir | null | undefined, b: ScreenOnAir | null | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.fullScreen !== b.fullScreen || a.windows.length !== b.windows.length) return false;
  return a.windows.every(
    (w, i) => w.playlistId === b.windows[i]!.playlistId && w.campaignId === b.windows[i]!.campaignId,
  );
}

/**
 * Whether two versions of a device look the same on a card that does not show `lastSeen`: a
 * heartbeat batch replaces thousands of device objects every few seconds, and only a field the
 * card shows should re-render it. Any other field (today's or one added later) counts.
 */
export function sameDeviceExceptLastSeen(a: Device, b: Device): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as Array<keyof Device>;
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      key === 'lastSeen' ||
      Object.is(a[key], b[key]) ||
      (key === 'nowPlaying' && sameScreenOnAir(a.nowPlaying, b.nowPlaying)),
  );
}

/** `memo` comparison for components taking a `device` prop and others compared by identity. */
export function samePropsExceptLastSeen<P extends { device: Device }>(prev: P, next: P): boolean {
  for (const key of Object.keys(next) as Array<keyof P>) {
    if (key === 'device') continue;
    if (!Object.is(prev[key], next[key])) return false;
  }
  return Object.keys(prev).length === Object.keys(next).length && sameDeviceExceptLastSeen(prev.device, next.device);
}
