import { userSchema, type User } from '@contract/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';

export const userQueryKey = (id: number) => [`/api/users/${id}`] as const;

export async function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return userSchema.parse(await apiJson<unknown>('GET', userQueryKey(id)[0], undefined, signal));
}

export const userQueryOptions = (id: number) =>
  queryOptions({ queryKey: userQueryKey(id), queryFn: ({ signal }) => getUser(id, signal) });

/** One user (the profile page reads the signed-in user's own record). */
export function useUser(id: number | null | undefined) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: typeof id === 'number' && id > 0 });
}
