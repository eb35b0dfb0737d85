import type { Device } from '@contract/devices';

export type DeviceSummary<T> = { total: number; online: T[]; offline: T[] };

/**
 * The dashboard's numbers and lists from the device list (the query the realtime channel patches,
 * so the cards and the lists never disagree). Keeps the list's order (by name).
 */
export function summarizeDevices<T extends Pick<Device, 'status'>>(devices: readonly T[]): DeviceSummary<T> {
  const online: T[] = [];
  const offline: T[] = [];
  for (const device of devices) (device.status === 'online' ? online : offline).push(device);
  return { total: devices.length, online, offline };
}
