import { advertisersApi } from '@web/features/ads/api/advertisers';
import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { useDevices } from '@web/features/devices/api/get-devices';
import { usePlaylists } from '@web/features/playlists/api/get-playlists';
import type { CampaignRefs } from '@web/features/campaigns/lib/refs';
import { useSession } from '@web/lib/session';

/**
 * What the campaign pages show of the other features: playlists, devices and groups, and for an
 * admin the advertisers (the ad fields and the rows' names, docs/ads.md#ad-campaigns).
 */
export function useCampaignRefs(): CampaignRefs {
  const { isAdmin } = useSession();
  // A user is answered 403 by /api/advertisers: not asked.
  const advertisers = advertisersApi.useList({ enabled: isAdmin });
  return {
    playlists: usePlaylists().data,
    devices: useDevices().data,
    groups: useDeviceGroups().data,
    advertisers: isAdmin ? advertisers.data : undefined,
  };
}
