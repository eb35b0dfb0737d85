import { deviceGroupListSchema, type Device, type DeviceGroup } from '@contract/devices';
import { isOpenAt } from '@contract/opening-hours';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiJson } from './api-client';
import { DEVICE_GROUPS_QUERY_KEY } from './query-keys';
import { useSession } from './session';
import { useMinuteNow } from './use-now';

export const OUTSIDE_HOURS_LABEL = 'Fora do horário';

type HoursDevice = Pick<Device, 'status' | 'openingHours' | 'groupId'>;

/**
 * An offline screen that sleeps as told (docs/opening-hours.md): its effective hours (its own, else
 * its group's) say closed at `now` in the workspace's zone, by the contract's `isOpenAt`, the same
 * function the TV and the alerts use. The panel then says "Fora do horário", not Offline.
 */
export function sleepsAsTold(
  device: HoursDevice,
  groups: readonly Pick<DeviceGroup, 'id' | 'openingHours'>[] | undefined,
  timeZone: string,
  now: Date,
): boolean {
  if (device.status === 'online') return false;
  const hours = device.openingHours ?? groups?.find((g) => g.id === device.groupId)?.openingHours ?? null;
  return hours !== null && !isOpenAt(hours, now, timeZone);
}

/**
 * `sleepsAsTold` for the current minute, with the workspace's zone and the groups' hours (the same
 * query as the groups feature's, read here so any page can ask without importing that feature).
 */
export function useSleepsAsTold(): (device: HoursDevice) => boolean {
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const groups = useQuery({
    queryKey: DEVICE_GROUPS_QUERY_KEY,
    queryFn: async ({ signal }) =>
      deviceGroupListSchema.parse(await apiJson<unknown>('GET', DEVICE_GROUPS_QUERY_KEY[0], undefined, signal)),
  }).data;
  const now = useMinuteNow();
  return useCallback(
    (device: HoursDevice) => sleepsAsTold(device, groups, timeZone, new Date(now)),
    [groups, timeZone, now],
  );
}
