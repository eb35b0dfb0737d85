import { playlistDetailSchema, type PlaylistDetail } from '@contract/playlists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { playlistQueryKey } from '@web/lib/query-keys';

/** One playlist, its items carrying their media (name, type, size, duration, urls). */
export async function getPlaylist(id: number, signal?: AbortSignal): Promise<PlaylistDetail> {
  return playlistDetailSchema.parse(await apiJson<unknown>('GET', playlistQueryKey(id)[0], undefined, signal));
}

export const playlistQueryOptions = (id: number) =>
  queryOptions({ queryKey: playlistQueryKey(id), queryFn: ({ signal }) => getPlaylist(id, signal) });

/** Runs only for a valid id (a positive integer); anything else is "not found" without a request. */
export function usePlaylist(id: number | null) {
  return useQuery({ ...playlistQueryOptions(id ?? 0), enabled: id !== null && Number.isInteger(id) && id > 0 });
}
