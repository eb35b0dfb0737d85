import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';
import { z } from 'zod';

/** What `save` takes: no id creates (`POST`), an id replaces the whole row (`PUT`, docs/ads.md#api). */
export type SaveVariables<I> = { id: number | null; input: I };

/**
 * The hooks of one of docs/ads.md's lists (`/api/advertisers`, `/api/partners`): the same CRUD on
 * both, admins only. Its query key is the list's URL; every change reads the list again.
 */
export function partyApi<T, I>(
  url: string,
  schema: z.ZodType<T>,
  /** What else a removal changes, to be read again (a partner's screens lose it). */
  onRemoved?: (queryClient: QueryClient) => unknown,
) {
  const queryKey = [url] as const;
  const listSchema = z.array(schema);
  const listOptions = () =>
    queryOptions({
      queryKey,
      queryFn: async ({ signal }): Promise<T[]> =>
        listSchema.parse(await apiJson<unknown>('GET', url, undefined, signal)),
    });

  function useChange<V, R>(mutationFn: (variables: V) => Promise<R>, removal = false) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn,
      onSuccess: () => {
        if (removal) void onRemoved?.(queryClient);
        return queryClient.invalidateQueries({ queryKey });
      },
    });
  }

  return {
    queryKey,
    listOptions,
    /** `enabled` false for a non-admin, who would be answered 403. */
    useList: ({ enabled = true }: { enabled?: boolean } = {}) => useQuery({ ...listOptions(), enabled }),
    useSave: () =>
      useChange(async ({ id, input }: SaveVariables<I>): Promise<T> =>
        schema.parse(await apiJson<unknown>(id === null ? 'POST' : 'PUT', id === null ? url : `${url}/${id}`, input)),
      ),
    useRemove: () =>
      useChange(async (id: number): Promise<void> => {
        await apiRequest('DELETE', `${url}/${id}`);
      }, true),
  };
}
