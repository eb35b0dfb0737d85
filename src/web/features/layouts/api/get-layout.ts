import { layoutSchema, type Layout } from '@contract/layouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { layoutQueryKey } from './layouts-query-keys';

export async function getLayout(id: number, signal?: AbortSignal): Promise<Layout> {
  return layoutSchema.parse(await apiJson<unknown>('GET', layoutQueryKey(id)[0], undefined, signal));
}

export const layoutQueryOptions = (id: number) =>
  queryOptions({ queryKey: layoutQueryKey(id), queryFn: ({ signal }) => getLayout(id, signal) });

/** One layout, for the editor at /layouts/:id. */
export function useLayout(id: number) {
  return useQuery(layoutQueryOptions(id));
}
