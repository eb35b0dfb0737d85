import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { CAMPAIGNS_QUERY_KEY, PLAYLISTS_QUERY_KEY, playlistQueryKey } from '@web/lib/query-keys';

export async function deletePlaylist(id: number): Promise<void> {
  await apiRequest('DELETE', playlistQueryKey(id)[0]);
}

/** docs/api.md#calls: on success the list is refreshed (campaigns using the playlist change too). */
export function useDeletePlaylist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlaylist,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: playlistQueryKey(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: PLAYLISTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CAMPAIGNS_QUERY_KEY }),
      ]);
    },
  });
}
