import type { Device } from '@contract/devices';
import type { Layout } from '@contract/layouts';
import { t } from '@web/i18n/pt-br';

/** Playlist names by id, built once from `GET /api/playlists` for every card. */
export type PlaylistNames = ReadonlyMap<number, string>;

export function playlistNameMap(playlists: readonly { id: number; name: string }[] | undefined): PlaylistNames {
  return new Map((playlists ?? []).map((p) => [p.id, p.name]));
}

/**
 * The name of an assigned playlist: Nenhuma when none; a placeholder while the playlists load;
 * `Playlist #id` if the id is not in the list (it should not happen: a removed playlist is
 * unassigned by the server).
 */
export function playlistName(id: number | null, names: PlaylistNames, loading = false): string {
  if (id === null) return t.devices.card.noPlaylist;
  return names.get(id) ?? (loading ? t.devices.card.loadingPlaylist : t.devices.card.unknownPlaylist(id));
}

/**
 * the device card of docs/product.md#device-list, "Playlist": for a dual layout one line per window ("J1: name", "J2: name"),
 * otherwise the one name; Nenhuma when nothing is assigned. A zone layout's screen: one line per zone ("Rodapé: name").
 */
export function devicePlaylistLines(
  device: Pick<Device, 'layout' | 'assignedPlaylistId1' | 'assignedPlaylistId2'> &
    Partial<Pick<Device, 'zonePlaylistIds'>>,
  names: PlaylistNames,
  loading = false,
  zoneLayout: Pick<Layout, 'zones'> | null = null,
): string[] {
  // A zone layout (docs/layouts.md#devices): one line per zone, named by it.
  if (zoneLayout)
    return zoneLayout.zones.map((zone, i) =>
      t.devices.card.zone(zone.name, playlistName(device.zonePlaylistIds?.[i] ?? null, names, loading)),
    );
  const first = device.assignedPlaylistId1;
  const second = device.assignedPlaylistId2;
  if (device.layout !== 'dual') return [playlistName(first, names, loading)];
  if (first === null && second === null) return [t.devices.card.noPlaylist];
  return [
    t.devices.card.window(1, playlistName(first, names, loading)),
    t.devices.card.window(2, playlistName(second, names, loading)),
  ];
}
