/**
 * The TanStack Query keys more than one part of the UI reads or invalidates: each key is its GET URL
 * (`defaultQueryFn` fetches `queryKey[0]`). Here, not in a feature, so that the realtime channel and
 * one feature can refresh another's cache without importing it (docs/ARCHITECTURE.md, Web).
 */

/** The session: the signed-in user and their workspace. */
export const ME_QUERY_KEY = ['/api/auth/me'] as const;

/** The device list: the devices page, the dashboard and the sidebar badge share this one query. */
export const DEVICES_QUERY_KEY = ['/api/devices'] as const;
export const deviceQueryKey = (id: number) => [`/api/devices/${id}`] as const;
/**
 * How many times a device's TV said it could not take a screenshot (`device_screenshot_failed`,
 * counted by the realtime channel, watched by the screenshot dialog). Not a URL: a cache entry
 * only, never fetched.
 */
export const deviceScreenshotFailuresKey = (id: number) => ['device-screenshot-failures', id] as const;
export const DEVICE_GROUPS_QUERY_KEY = ['/api/device-groups'] as const;

/** The dashboard's totals (`GET /api/stats`); invalidating it before it exists is harmless. */
export const STATS_QUERY_KEY = ['/api/stats'] as const;

export const MEDIA_QUERY_KEY = ['/api/media'] as const;
export const MEDIA_USAGE_QUERY_KEY = ['/api/media/usage'] as const;

export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;
export const playlistQueryKey = (id: number) => [`/api/playlists/${id}`] as const;
/** Campaigns point at playlists; refreshed with them (harmless before a campaigns page exists). */
export const CAMPAIGNS_QUERY_KEY = ['/api/campaigns'] as const;
export const campaignQueryKey = (id: number) => [`/api/campaigns/${id}`] as const;

/** The activity history's pages (each key adds its filters); refetched on the admin socket's change messages. */
export const ACTIVITIES_QUERY_KEY = ['/api/activities'] as const;
/** The history's user filter choices (a user's first entry adds one): refetched with the pages. */
export const ACTIVITY_AUTHORS_QUERY_KEY = ['/api/activities/authors'] as const;

/**
 * The layouts (docs/layouts.md): the list (built-ins then the workspace's) and each layout by id.
 * Here because the device forms, the assign dialogs, the cards and the campaign form read them too.
 */
export const LAYOUTS_QUERY_KEY = ['/api/layouts'] as const;
export const layoutQueryKey = (id: number) => [`/api/layouts/${id}`] as const;
