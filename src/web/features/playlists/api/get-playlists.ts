import { playlistListSchema, type Playlist } from '@contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@web/lib/query-keys';

/** Every playlist with its items (media id, duration, order), newest first. */
export async function getPlaylists(signal?: AbortSignal): Promise<Playlist[]> {
  return playlistListSchema.parse(await apiJson<unknown>('GET', PLAYLISTS_QUERY_KEY[0], undefined, signal));
}

export const playlistsQueryOptions = () =>
  queryOptions({ queryKey: PLAYLISTS_QUERY_KEY, queryFn: ({ signal }) => getPlaylists(signal) });

export function usePlaylists() {
  return useQuery(playlistsQueryOptions());
}
