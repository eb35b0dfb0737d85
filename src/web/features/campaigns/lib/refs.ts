import type { Device, DeviceGroup } from '@contract/devices';
import type { Playlist } from '@contract/playlists';

/**
 * What the campaign screens need of other features (playlists, devices, groups), given by the
 * route that composes them (docs/ARCHITECTURE.md, Web): undefined while each list loads.
 */
export type CampaignRefs = {
  playlists: ReadonlyArray<Pick<Playlist, 'id' | 'name'>> | undefined;
  devices:
    | ReadonlyArray<
        Pick<Device, 'id' | 'name' | 'location' | 'layout' | 'groupId' | 'assignedPlaylistId1' | 'assignedPlaylistId2'>
      >
    | undefined;
  groups: ReadonlyArray<Pick<DeviceGroup, 'id' | 'name'>> | undefined;
};

export type RefDevice = NonNullable<CampaignRefs['devices']>[number];

/** id → name, for the rows and the week view's legend. */
export const nameMap = (items: ReadonlyArray<{ id: number; name: string }> | undefined) =>
  new Map((items ?? []).map((i) => [i.id, i.name]));

/** The playlists a device shows by itself, one per window of its layout. */
export const assignedPlaylists = (device: RefDevice): Array<number | null> =>
  device.layout === 'dual' ? [device.assignedPlaylistId1, device.assignedPlaylistId2] : [device.assignedPlaylistId1];
