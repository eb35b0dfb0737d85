import { campaignAimsAt, type Campaign } from '@contract/campaigns';
import type { Device } from '@contract/devices';
import { screenPlayAt } from '@contract/schedule';
import type { Layout } from '@contract/layouts';
import type { ScreenOnAir } from '@contract/screens';
import type { LayoutsById } from '@web/lib/layout-list';
import { t } from '@web/i18n/pt-br';

export type OnAirDevice = Pick<
  Device,
  'id' | 'groupId' | 'layout' | 'assignedPlaylistId1' | 'assignedPlaylistId2' | 'status' | 'nowPlaying'
> &
  Partial<Pick<Device, 'layoutId' | 'zonePlaylistIds'>>;

/** What the on-air lines are computed from; one object per page, kept while nothing in it changes. */
export type OnAirSource = {
  campaigns: readonly Campaign[];
  /** The workspace's: schedules are read on its wall clock (docs/scheduling.md#time-zone). */
  timeZone: string;
  /** Null while the playlists load. */
  playlistNames: ReadonlyMap<number, string> | null;
  /**
   * When the campaigns were read. An emergency started (or a campaign ended) a second ago is already
   * in the list: the decision is taken no earlier than this, not at the last minute's turn.
   */
  readAt: number;
  /** The campaigns are still being read: a campaign the TV reports is not unknown yet, only unnamed. */
  campaignsPending: boolean;
  /** The workspace's layouts by id: a zone layout's lines are named by its zones (docs/layouts.md#devices). */
  layouts?: LayoutsById;
};

/** The screen's zone layout, when it has one and the page knows it. */
const zoneLayoutOf = (device: OnAirDevice, source: OnAirSource): Layout | undefined =>
  device.layoutId == null ? undefined : source.layouts?.get(device.layoutId);

/** "Janela N: …" for Tela Única / Tela Dupla, as before zones; "<zone>: …" for a zone layout. */
const lineOf = (layout: Layout | undefined, index: number, what: string) => {
  const zone = layout?.zones[index];
  return zone ? t.onAir.zone(zone.name, what) : t.onAir.window(index + 1, what);
};

/**
 * What a screen plays now: "Emergência: <name>" for an emergency on the whole screen, otherwise one
 * line per window, "Janela N: <campaign> (campanha)" or the window's playlist (a zone layout's
 * screen: one line per zone, up to 8, named by the zone: "Rodapé: …"). An online TV's own
 * report wins (issue 15): it is what the screen shows, whatever the page believes about clocks and
 * schedules; without one (offline, an older player, not reported yet) the page takes the same
 * decision as the player (docs/scheduling.md).
 */
export function onAirLines(device: OnAirDevice, source: OnAirSource, at: Date): string[] {
  if (device.status === 'online' && device.nowPlaying)
    return reportedLines(device.nowPlaying, source, zoneLayoutOf(device, source));
  return computedLines(device, source, at);
}

function computedLines(device: OnAirDevice, source: OnAirSource, at: Date): string[] {
  // An ad plays inside a zone's loop, never instead of it (docs/ads.md#manifest).
  const aimed = source.campaigns.filter((campaign) => campaign.type !== 'ad' && campaignAimsAt(campaign, device));
  const layout = zoneLayoutOf(device, source);
  const assigned = layout
    ? layout.zones.map((_, i) => device.zonePlaylistIds?.[i] ?? null)
    : device.layout === 'dual'
      ? [device.assignedPlaylistId1, device.assignedPlaylistId2]
      : [device.assignedPlaylistId1];
  const play = screenPlayAt(
    aimed,
    assigned,
    at,
    source.timeZone,
    layout?.zones.map((z) => z.key),
  );
  return play.windows.map((window, index) => {
    if (window.source === 'campaign') {
      return play.fullScreen
        ? t.onAir.emergency(window.campaign.name)
        : lineOf(layout, index, t.onAir.campaign(window.campaign.name));
    }
    if (window.source === 'none') return lineOf(layout, index, t.onAir.nothing);
    return lineOf(layout, index, playlistName(window.playlistId, source));
  });
}

/** The lines of what the TV said it plays, named from the page's playlists and campaigns. */
export function reportedLines(report: ScreenOnAir, source: OnAirSource, layout?: Layout): string[] {
  if (report.fullScreen) {
    const first = report.windows[0]!;
    return [
      t.onAir.emergency(
        first.campaignId !== null ? campaignName(first.campaignId, source) : windowContent(first.playlistId, source),
      ),
    ];
  }
  return report.windows.map((window, index) =>
    lineOf(
      layout,
      index,
      window.campaignId !== null
        ? t.onAir.campaign(campaignName(window.campaignId, source))
        : windowContent(window.playlistId, source),
    ),
  );
}

const windowContent = (playlistId: number | null, source: OnAirSource) =>
  playlistId === null ? t.onAir.nothing : playlistName(playlistId, source);

const playlistName = (id: number, source: OnAirSource) =>
  source.playlistNames ? (source.playlistNames.get(id) ?? t.onAir.unknownPlaylist(id)) : t.onAir.loadingPlaylist;

function campaignName(id: number, source: OnAirSource): string {
  const campaign = source.campaigns.find((c) => c.id === id);
  if (campaign) return campaign.name;
  return source.campaignsPending ? t.onAir.loadingCampaign : t.onAir.unknownCampaign(id);
}
