import { campaignAimsAt, type Campaign } from '@contract/campaigns';
import type { Device } from '@contract/devices';
import { screenPlayAt } from '@contract/schedule';
import { t } from '@web/i18n/pt-br';

export type OnAirDevice = Pick<Device, 'id' | 'groupId' | 'layout' | 'assignedPlaylistId1' | 'assignedPlaylistId2'>;

/** What the on-air lines are computed from; one object per page, kept while nothing in it changes. */
export type OnAirSource = {
  campaigns: readonly Campaign[];
  /** The workspace's: schedules are read on its wall clock (DESIGN §10). */
  timeZone: string;
  /** Null while the playlists load. */
  playlistNames: ReadonlyMap<number, string> | null;
  /**
   * When the campaigns were read. An emergency started (or a campaign ended) a second ago is already
   * in the list: the decision is taken no earlier than this, not at the last minute's turn.
   */
  readAt: number;
};

/**
 * What a screen plays now (DESIGN §10, the same decision as the player's): "Emergência: <name>" for
 * an emergency on the whole screen, otherwise one line per window, "Janela N: <campaign> (campanha)"
 * or the window's assigned playlist.
 */
export function onAirLines(device: OnAirDevice, source: OnAirSource, at: Date): string[] {
  const aimed = source.campaigns.filter((campaign) => campaignAimsAt(campaign, device));
  const assigned = device.layout === 'dual' ? [device.assignedPlaylistId1, device.assignedPlaylistId2] : [device.assignedPlaylistId1];
  const play = screenPlayAt(aimed, assigned, at, source.timeZone);
  return play.windows.map((window, index) => {
    if (window.source === 'campaign') {
      return play.fullScreen ? t.onAir.emergency(window.campaign.name) : t.onAir.window(index + 1, t.onAir.campaign(window.campaign.name));
    }
    if (window.source === 'none') return t.onAir.window(index + 1, t.onAir.nothing);
    const name = source.playlistNames ? (source.playlistNames.get(window.playlistId) ?? t.onAir.unknownPlaylist(window.playlistId)) : t.onAir.loadingPlaylist;
    return t.onAir.window(index + 1, name);
  });
}
