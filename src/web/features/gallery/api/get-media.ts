import { mediaListSchema, type Media } from '@contract/media';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { MEDIA_QUERY_KEY, MEDIA_USAGE_QUERY_KEY, STATS_QUERY_KEY } from '@web/lib/query-keys';

/** The media list, newest first. */
export async function getMedia(signal?: AbortSignal): Promise<Media[]> {
  return mediaListSchema.parse(await apiJson<unknown>('GET', MEDIA_QUERY_KEY[0], undefined, signal));
}

/** A safety net under the realtime `media_update` (a socket down, a reconnect in between). */
const PROCESSING_POLL_MS = 5000;

export const mediaQueryOptions = () =>
  queryOptions({
    queryKey: MEDIA_QUERY_KEY,
    queryFn: ({ signal }) => getMedia(signal),
    refetchInterval: (query) => (query.state.data?.some((m) => m.status === 'processing') ? PROCESSING_POLL_MS : false),
  });

export function useMedia() {
  return useQuery(mediaQueryOptions());
}

/** After an upload or a removal: the list, the storage use and the dashboard stats. */
export function refreshMediaQueries(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: MEDIA_USAGE_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_QUERY_KEY }),
  ]);
}
