import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { useDevices } from '@web/features/devices/api/get-devices';
import { usePlaylists } from '@web/features/playlists/api/get-playlists';
import type { CampaignRefs } from '@web/features/campaigns/lib/refs';

/** What the campaign pages show of the other features: playlists, devices and groups. */
export function useCampaignRefs(): CampaignRefs {
  return { playlists: usePlaylists().data, devices: useDevices().data, groups: useDeviceGroups().data };
}
