import { activityAuthorsSchema, type ActivityAuthor } from '@contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { ACTIVITY_AUTHORS_QUERY_KEY } from '@web/lib/query-keys';

export async function getActivityAuthors(signal?: AbortSignal): Promise<ActivityAuthor[]> {
  return activityAuthorsSchema.parse(await apiJson<unknown>('GET', ACTIVITY_AUTHORS_QUERY_KEY[0], undefined, signal));
}

export const activityAuthorsQueryOptions = () =>
  queryOptions({ queryKey: ACTIVITY_AUTHORS_QUERY_KEY, queryFn: ({ signal }) => getActivityAuthors(signal) });

/** The user filter's choices, for admins and users alike (everyone of the workspace reads the history). */
export function useActivityAuthors() {
  return useQuery(activityAuthorsQueryOptions());
}
