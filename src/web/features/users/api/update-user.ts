import { userSchema, type UpdateUserInput, type User } from '@contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@web/lib/session';
import { apiJson } from '@web/lib/api-client';
import { getSavedUser, saveUser } from '@web/lib/storage';
import { userQueryKey } from './get-user';
import { USERS_QUERY_KEY } from './get-users';
import { ME_QUERY_KEY } from '@web/lib/query-keys';

export type UpdateUserVariables = { id: number; data: UpdateUserInput };

export async function updateUser({ id, data }: UpdateUserVariables): Promise<User> {
  return userSchema.parse(await apiJson<unknown>('PUT', userQueryKey(id)[0], data));
}

/**
 * Used by the users page (admin) and the profile (owner). When the edited user is the one signed
 * in, the saved user and the session query are refreshed too, so the sidebar shows the new name.
 */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey(user.id), user);
      const me = queryClient.getQueryData<Me | null>(ME_QUERY_KEY);
      if ((me?.user.id ?? getSavedUser()?.id) === user.id) {
        saveUser(user);
        queryClient.setQueryData<Me>(ME_QUERY_KEY, { user, workspace: me?.workspace ?? null });
        void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      }
      await queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    },
  });
}
