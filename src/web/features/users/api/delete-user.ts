import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@web/lib/api-client';
import { userQueryKey } from './get-user';
import { USERS_QUERY_KEY } from './get-users';

export async function deleteUser(id: number): Promise<void> {
  await apiRequest('DELETE', userQueryKey(id)[0]);
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: userQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
