import { sessionUserResponseSchema, type LoginInput } from '@contract/auth';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, dropEarlyRequests } from '@web/lib/api-client';
import { saveUser } from '@web/lib/storage';
import type { Me } from '@web/lib/session';
import { ME_QUERY_KEY } from '@web/lib/query-keys';

export async function login(input: LoginInput): Promise<Me> {
  const data = await apiJson<unknown>('POST', '/api/auth/login', input);
  return sessionUserResponseSchema.parse(data);
}

/** Makes `me` the session: saved for the next first paint, and nothing cached for someone else. */
export function startSession(queryClient: QueryClient, me: Me): void {
  saveUser(me.user);
  dropEarlyRequests();
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== ME_QUERY_KEY[0] });
  queryClient.setQueryData(ME_QUERY_KEY, me);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (me) => startSession(queryClient, me),
  });
}
