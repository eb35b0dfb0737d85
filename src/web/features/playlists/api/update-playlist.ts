import { playlistDetailSchema, type PlaylistDetail, type PlaylistInput } from '@contract/playlists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { PLAYLISTS_QUERY_KEY, playlistQueryKey } from '@web/lib/query-keys';

export type UpdatePlaylistVariables = { id: number; data: PlaylistInput };

export async function updatePlaylist({ id, data }: UpdatePlaylistVariables): Promise<PlaylistDetail> {
  return playlistDetailSchema.parse(await apiJson<unknown>('PUT', playlistQueryKey(id)[0], data));
}

/** docs/api.md#calls: on success the list and that playlist are invalidated. */
export function useUpdatePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlaylist,
    onSuccess: (_playlist, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: playlistQueryKey(id) }),
      ]),
  });
}
