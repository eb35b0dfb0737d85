import { sessionUserResponseSchema, type LoginInput } from '@contract/auth';
import type { User } from '@contract/users';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, dropEarlyRequests } from '@web/lib/api-client';
import { saveUser } from '@web/lib/storage';
import { ME_QUERY_KEY } from './get-me';

export async function login(input: LoginInput): Promise<User> {
  const data = await apiJson<unknown>('POST', '/api/auth/login', input);
  return sessionUserResponseSchema.parse(data).user;
}

/** Makes `user` the session: saved for the next first paint, and nothing cached for someone else. */
export function startSession(queryClient: QueryClient, user: User): void {
  saveUser(user);
  dropEarlyRequests();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
  queryClient.setQueryData(ME_QUERY_KEY, user);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
  });
}
