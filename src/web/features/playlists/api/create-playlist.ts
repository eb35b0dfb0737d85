import { playlistDetailSchema, type PlaylistDetail, type PlaylistInput } from '@contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { PLAYLISTS_QUERY_KEY } from '@web/lib/query-keys';

export async function createPlaylist(input: PlaylistInput): Promise<PlaylistDetail> {
  return playlistDetailSchema.parse(await apiJson<unknown>('POST', PLAYLISTS_QUERY_KEY[0], input));
}

/** docs/api.md#calls: on success the playlists list is fetched again. */
export function useCreatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlaylist,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY, refetchType: 'all' }),
  });
}
