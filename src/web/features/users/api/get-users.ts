import { userListSchema, type User } from '@contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

export const USERS_QUERY_KEY = ['/api/users'] as const;

export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  return userListSchema.parse(await apiJson<unknown>('GET', USERS_QUERY_KEY[0], undefined, signal));
}

export const usersQueryOptions = () =>
  queryOptions({ queryKey: USERS_QUERY_KEY, queryFn: ({ signal }) => getUsers(signal) });

/** `enabled` is false for non-admins: the list is admin-only and would answer 403. */
export function useUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled });
}
