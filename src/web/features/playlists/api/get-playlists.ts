import { playlistListSchema, type Playlist } from '@contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

export const PLAYLISTS_QUERY_KEY = ['/api/playlists'] as const;
/** Campaigns point at playlists; refreshed with them (harmless before a campaigns page exists). */
export const CAMPAIGNS_QUERY_KEY = ['/api/campaigns'] as const;

/** Every playlist with its items (media id, duration, order), newest first. */
export async function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return playlistListSchema.parse(await apiJson<unknown>('GET', PLAYLISTS_QUERY_KEY[0], undefined, signal));
}

export const playlistsQueryOptions = () =>
  queryOptions({ queryKey: PLAYLISTS_QUERY_KEY, queryFn: ({ signal }) => getPlaylists(signal) });

export function usePlaylists() {
  return useQuery(playlistsQueryOptions());
}
