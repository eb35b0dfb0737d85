import type { Device } from '@contract/devices';
import { skipToken, useQuery } from '@tanstack/react-query';
import { deviceQueryKey, deviceScreenshotFailuresKey } from '@web/lib/query-keys';
import { useCallback } from 'react';
import { devicesQueryOptions } from './get-devices';

/**
 * `GET /api/devices/{id}/screenshot`: the latest JPEG, read by an `<img>` (same origin, the session
 * cookie). The picture's time is in the URL so that a new one is never answered from the cache.
 */
export const screenshotUrl = (id: number, screenshotAt: string) =>
  `${deviceQueryKey(id)[0]}/screenshot?at=${encodeURIComponent(screenshotAt)}`;

export type LatestScreenshot = {
  /** The device's latest picture, from the device list the realtime channel keeps current. */
  screenshotAt: string | null;
  /** How many `device_screenshot_failed` arrived for it (`apply-realtime-message.ts`). */
  failures: number;
};

/**
 * What the page knows of a device's screenshots. Only these fields are selected, so a heartbeat
 * that moves the device's `lastSeen` re-renders nothing; the list is not refetched for it.
 */
export function useLatestScreenshot(id: number): LatestScreenshot {
  const select = useCallback((list: Device[]) => list.find((d) => d.id === id)?.screenshotAt ?? null, [id]);
  const screenshotAt = useQuery({ ...devicesQueryOptions(), select, refetchOnMount: false }).data ?? null;
  // Written by the realtime channel only: skipToken keeps it from being fetched, even on a reconnect.
  const failures = useQuery<number>({ queryKey: deviceScreenshotFailuresKey(id), queryFn: skipToken }).data ?? 0;
  return { screenshotAt, failures };
}
