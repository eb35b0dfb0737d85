import type { OpeningHours } from '../../../contract/opening-hours';
import type { Manifest, ManifestItem, ManifestWindow } from '../../../contract/tv';
import type { CampaignEntry } from './campaign-targets';
import type { DeviceUrls } from './device-urls';

/** A manifest as cached: everything but `serverTime`, which is the instant each answer is sent. */
export type ManifestBody = Omit<Manifest, 'serverTime'>;

/** Only the serialised body is kept: the object it was made from would double each device's memory. */
export interface CachedManifest {
  /**
   * The manifest as sent, without `serverTime`, and its strong ETag: a 304 costs no serialisation,
   * and the version never moves with the clock. `withServerTime` finishes it per answer.
   */
  body: string;
  etag: string;
}

/** A playlist as every window showing it plays it; URLs are signed per device when a body is built. */
export type WindowContent = Omit<ManifestWindow, 'items'> & { items: Array<Omit<ManifestItem, 'url'>> };

/** What a device's manifest is made of, and its version: cheap to recompute, no URL signed. */
export interface DeviceState {
  device: Manifest['device'];
  workspaceId: number;
  groupId: number | null;
  playlistIds: Array<number | null>;
  /** The layout's zones, `playlistIds[i]` in `zones[i]`; undefined for Tela Única / Tela Dupla. */
  zones?: Manifest['zones'];
  /** The screen's opening hours (its own, else its group's); null: always open. */
  openingHours: OpeningHours | null;
  /** The published campaigns aimed at it that play within the horizon (by id). */
  campaigns: CampaignEntry[];
  timeZone: string;
  tokenHash: string | null;
  expires: number;
  version: string;
  built?: CachedManifest;
}

/** Every playlist the device's manifest shows: its windows' and its campaigns'. */
export const playlistsOf = (state: Pick<DeviceState, 'playlistIds' | 'campaigns'>): number[] => [
  ...state.playlistIds.filter((id): id is number => id !== null),
  ...state.campaigns.map((c) => c.playlistId),
];

/**
 * The cached body completed with the server's clock now (docs/scheduling.md#time-zone: the player corrects its own
 * by it). The body is spliced, not parsed: the answer and the push stay a string concatenation.
 */
export const withServerTime = (body: string, at = new Date()) =>
  `${body.slice(0, -1)},"serverTime":"${at.toISOString()}"}`;

/** The body with the media URLs signed for the device's pairing; a campaign whose playlist is gone is left out. */
export function buildBody(
  state: DeviceState,
  windows: ReadonlyMap<number, { content: WindowContent } | null>,
  urls: DeviceUrls,
): CachedManifest {
  const signed = (content: WindowContent): ManifestWindow => ({
    ...content,
    items: content.items.map((item) => ({
      ...item,
      // A content item has no file (docs/content.md#manifest); a PDF's is its original.
      url: item.content && item.content.kind !== 'pdf' ? '' : urls.file(item.mediaId),
      // A PDF's pages are images of their own, signed like files (docs/content.md#pdf).
      ...(item.content?.kind === 'pdf'
        ? {
            content: {
              ...item.content,
              pages: item.content.pages.map((page, i) => ({
                ...page,
                url: urls.page(item.mediaId, i + 1),
              })),
            },
          }
        : {}),
      // A feed item's picture: its sha256 until here, now its signed URL, the hash also in the
      // query (`sha256=`), which the player's cache keys it by (docs/content.md#pictures).
      ...(item.content?.kind === 'feed'
        ? {
            content: {
              ...item.content,
              items: item.content.items.map((feedItem) => ({
                ...feedItem,
                imageUrl: feedItem.imageUrl && urls.image(item.mediaId, feedItem.imageUrl),
              })),
            },
          }
        : {}),
    })),
  });
  const manifest: ManifestBody = {
    version: state.version,
    device: state.device,
    windows: state.playlistIds.map((id) => {
      const content = id === null ? null : windows.get(id)?.content;
      return content ? signed(content) : null;
    }),
    ...(state.zones ? { zones: state.zones } : {}),
    // Only when it has some: a screen always open keeps the manifest it had before.
    ...(state.openingHours ? { openingHours: state.openingHours } : {}),
    // An ad is never in `campaigns`: a player before ads would take the zone over with it.
    campaigns: state.campaigns.flatMap((campaign) => {
      const content = !campaign.ad && windows.get(campaign.playlistId)?.content;
      return content ? [{ ...campaign.fields, playlist: signed(content) }] : [];
    }),
    timeZone: state.timeZone,
  };
  const ads = state.campaigns.flatMap(({ ad, fields, playlistId }) => {
    const content = ad && windows.get(playlistId)?.content;
    return content ? [{ ...fields, ...ad, playlist: signed(content) }] : [];
  });
  // Only when it has some: a screen without ads keeps the manifest it had before them.
  if (ads.length) manifest.ads = ads;
  return { body: JSON.stringify(manifest), etag: `"${state.version}"` };
}
