import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, dropEarlyRequests } from '@web/lib/api-client';
import { clearSession } from '@web/lib/storage';
import { ME_QUERY_KEY } from '@web/lib/query-keys';

export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

/** Signs out; the local session is forgotten even when the request fails (offline, server down). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      clearSession();
      dropEarlyRequests();
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
      queryClient.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
