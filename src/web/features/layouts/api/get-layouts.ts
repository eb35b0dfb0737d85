import { layoutListSchema, type Layout } from '@contract/layouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { LAYOUTS_QUERY_KEY } from './layouts-query-keys';

export async function getLayouts(signal?: AbortSignal): Promise<Layout[]> {
  return layoutListSchema.parse(await apiJson<unknown>('GET', LAYOUTS_QUERY_KEY[0], undefined, signal));
}

export const layoutsQueryOptions = () =>
  queryOptions({ queryKey: LAYOUTS_QUERY_KEY, queryFn: ({ signal }) => getLayouts(signal) });

/** The built-ins in their fixed order, then the workspace's layouts by name (docs/layouts.md#api). */
export function useLayouts() {
  return useQuery(layoutsQueryOptions());
}
