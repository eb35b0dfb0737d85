import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { layoutQueryKey, LAYOUTS_QUERY_KEY } from './layouts-query-keys';

export async function deleteLayout(id: number): Promise<void> {
  await apiRequest('DELETE', layoutQueryKey(id)[0]);
}

export function useDeleteLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLayout,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: layoutQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: LAYOUTS_QUERY_KEY, exact: true });
    },
  });
}
