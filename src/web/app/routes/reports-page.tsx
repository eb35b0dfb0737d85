import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { useDevices } from '@web/features/devices/api/get-devices';
import { useMedia } from '@web/features/gallery/api/get-media';
import { usePlaylists } from '@web/features/playlists/api/get-playlists';
import { ReportsView } from '@web/features/reports/components/reports-view';
import { useCampaignList } from '@web/lib/campaign-list';
import { useMemo } from 'react';

/** /reports, given the names its filters offer: devices, groups, media, playlists, campaigns. */
export default function ReportsPage() {
  const devices = useDevices().data;
  const groups = useDeviceGroups().data;
  const media = useMedia().data;
  const playlists = usePlaylists().data;
  const campaigns = useCampaignList().data;
  const refs = useMemo(
    () => ({
      devices: devices?.map(({ id, name }) => ({ id, name })),
      groups: groups?.map(({ id, name }) => ({ id, name })),
      media: media?.map(({ id, originalName }) => ({ id, name: originalName })),
      playlists: playlists?.map(({ id, name }) => ({ id, name })),
      campaigns: campaigns?.map(({ id, name }) => ({ id, name })),
    }),
    [devices, groups, media, playlists, campaigns],
  );
  return <ReportsView refs={refs} />;
}
