import type { Advertiser } from '@contract/ads';
import type { Device, DeviceGroup } from '@contract/devices';
import type { Layout } from '@contract/layouts';
import type { Playlist } from '@contract/playlists';
import type { WeekZone } from './week-grid';

/**
 * What the campaign screens need of other features (playlists, devices, groups), given by the
 * route that composes them (docs/ARCHITECTURE.md, Web): undefined while each list loads.
 */
export type CampaignRefs = {
  playlists: ReadonlyArray<Pick<Playlist, 'id' | 'name'>> | undefined;
  devices:
    | ReadonlyArray<
        Pick<
          Device,
          'id' | 'name' | 'location' | 'layout' | 'groupId' | 'assignedPlaylistId1' | 'assignedPlaylistId2'
        > &
          Partial<Pick<Device, 'layoutId' | 'zonePlaylistIds'>>
      >
    | undefined;
  groups: ReadonlyArray<Pick<DeviceGroup, 'id' | 'name'>> | undefined;
  /** An admin's advertisers (docs/ads.md#ad-campaigns), for the form's ad fields and the rows' names; a user has none. */
  advertisers?: ReadonlyArray<Pick<Advertiser, 'id' | 'name'>> | undefined;
};

export type RefDevice = NonNullable<CampaignRefs['devices']>[number];

/** id → name, for the rows and the week view's legend. */
export const nameMap = (items: ReadonlyArray<{ id: number; name: string }> | undefined) =>
  new Map((items ?? []).map((i) => [i.id, i.name]));

/** The playlists a device shows by itself, one per window of its layout. */
export const assignedPlaylists = (device: RefDevice): Array<number | null> =>
  device.layout === 'dual' ? [device.assignedPlaylistId1, device.assignedPlaylistId2] : [device.assignedPlaylistId1];

/**
 * What a screen shows by itself for the week view: with a zone layout (docs/layouts.md#devices),
 * one playlist per zone of that layout and the zones' keys and names; otherwise the windows of Tela
 * Única / Tela Dupla, as before zones (also when the layout is not among `layouts`, e.g. still loading).
 */
export function screenOfDevice(
  device: RefDevice,
  layouts: ReadonlyMap<number, Pick<Layout, 'zones'>>,
): { assigned: Array<number | null>; zones?: WeekZone[] } {
  const layout = device.layoutId == null ? undefined : layouts.get(device.layoutId);
  if (!layout) return { assigned: assignedPlaylists(device) };
  return {
    assigned: layout.zones.map((_, i) => device.zonePlaylistIds?.[i] ?? null),
    zones: layout.zones.map((z) => ({ key: z.key, name: z.name })),
  };
}
