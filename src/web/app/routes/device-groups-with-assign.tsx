import { useQuery } from '@tanstack/react-query';
import {
  DeviceGroupsDialog,
  type DeviceGroupsDialogProps,
} from '@web/features/device-groups/components/device-groups-dialog';
import { devicesQueryOptions } from '@web/features/devices/api/get-devices';
import { PlaylistPicker } from '@web/features/devices/components/playlist-picker';
import { playlistsQueryOptions } from '@web/features/playlists/api/get-playlists';
import { useMemo } from 'react';

/**
 * The groups dialog with "Atribuir playlist" plugged in: the device list (who is in each group, and
 * their layouts), the playlists and the devices' own picker. Both are read only while it is open.
 */
export function DeviceGroupsDialogWithAssign(props: Omit<DeviceGroupsDialogProps, 'assign'>) {
  const devices = useQuery({ ...devicesQueryOptions(), enabled: props.open });
  const playlists = useQuery({ ...playlistsQueryOptions(), enabled: props.open });
  const assign = useMemo(
    () => ({
      devices: devices.data,
      playlists: { data: playlists.data, isPending: playlists.isPending },
      PlaylistPicker,
    }),
    [devices.data, playlists.data, playlists.isPending],
  );
  return <DeviceGroupsDialog {...props} assign={assign} />;
}
