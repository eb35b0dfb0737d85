import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { refreshMediaQueries } from './get-media';
import { MEDIA_QUERY_KEY } from '@web/lib/query-keys';

export async function deleteMedia(id: number): Promise<void> {
  await apiRequest('DELETE', `${MEDIA_QUERY_KEY[0]}/${id}`);
}

/** Refreshes the list either way: a 404 means the item is already gone. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMedia,
    onSettled: () => refreshMediaQueries(queryClient),
  });
}
