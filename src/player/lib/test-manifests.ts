import type { FeedOptions } from '@contract/content';
import type { ManifestAd, ManifestCampaign, ManifestWindow } from '@contract/tv';

/** For the player's tests: a feed's options, the defaults of a saved feed unless `fields` say otherwise. */
export const feedOptions = (fields: Partial<FeedOptions> = {}): FeedOptions => ({
  url: 'https://example.com/rss',
  refreshMinutes: 15,
  maxItems: 10,
  display: 'ticker',
  secondsPerItem: 10,
  speed: 120,
  textColor: '#ffffff',
  backgroundColor: '#000000',
  size: 'medium',
  separator: '•',
  ...fields,
});

/** For the player's tests: a manifest window of one 5 s image, its ids derived from the playlist's. */
export const manifestPlaylist = (playlistId: number, fields: Partial<ManifestWindow> = {}): ManifestWindow => ({
  playlistId,
  name: `Playlist ${playlistId}`,
  startDate: null,
  durationDays: 0,
  items: [
    {
      mediaId: playlistId * 10,
      url: `/api/tv/media/${playlistId * 10}`,
      mimeType: 'image/png',
      size: 1,
      sha256: String(playlistId).padStart(64, '0'),
      duration: 5,
    },
  ],
  ...fields,
});

/** For the player's tests: a published campaign on every day and hour, playing playlist `100 + id`. */
export const manifestCampaign = (id: number, fields: Partial<ManifestCampaign> = {}): ManifestCampaign => ({
  id,
  name: `Campanha ${id}`,
  status: 'published',
  priority: 'normal',
  startDate: null,
  endDate: null,
  schedule: { weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null },
  createdAt: '2026-05-01T12:00:00.000Z',
  playlist: manifestPlaylist(100 + id),
  ...fields,
});

/** For the player's tests: an ad (docs/ads.md#manifest) on every day and hour, 4 plays allowed this hour, playing playlist `100 + id`. */
export const manifestAd = (id: number, fields: Partial<ManifestAd> = {}): ManifestAd => ({
  ...manifestCampaign(id),
  name: `Anúncio ${id}`,
  capPerHour: 6,
  allowance: 4,
  ...fields,
});
