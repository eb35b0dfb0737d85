import { userSchema, type CreateUserInput, type User } from '@contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { USERS_QUERY_KEY } from './get-users';

export async function createUser(input: CreateUserInput): Promise<User> {
  return userSchema.parse(await apiJson<unknown>('POST', USERS_QUERY_KEY[0], input));
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
