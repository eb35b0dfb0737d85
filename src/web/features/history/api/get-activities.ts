import { activityPageSchema, type ActivityQuery } from '@contract/activities';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { ACTIVITIES_QUERY_KEY } from '@web/lib/query-keys';

/** The page's filters (empty ones left out of the query string). */
export type ActivityFilters = Partial<Pick<ActivityQuery, 'entityType' | 'userId' | 'from' | 'to' | 'search'>>;

export function activitiesUrl(filters: ActivityFilters, before?: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filters, before })) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `${ACTIVITIES_QUERY_KEY[0]}?${query}` : ACTIVITIES_QUERY_KEY[0];
}

export async function getActivities(filters: ActivityFilters, before: number | undefined, signal?: AbortSignal) {
  return activityPageSchema.parse(await apiJson<unknown>('GET', activitiesUrl(filters, before), undefined, signal));
}

/** Newest first, a page at a time: "Carregar mais" asks for the entries before the last one shown. */
export const activitiesQueryOptions = (filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: [ACTIVITIES_QUERY_KEY[0], filters],
    queryFn: ({ pageParam, signal }) => getActivities(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextBefore ?? undefined,
  });

export function useActivities(filters: ActivityFilters) {
  return useInfiniteQuery(activitiesQueryOptions(filters));
}
