import { mediaUsageSchema, type MediaUsage } from '@contract/media';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { MEDIA_USAGE_QUERY_KEY } from '@web/lib/query-keys';

/** The caller's own storage use against their quota (the gallery's storage card). */
export async function getMediaUsage(signal?: AbortSignal): Promise<MediaUsage> {
  return mediaUsageSchema.parse(await apiJson<unknown>('GET', MEDIA_USAGE_QUERY_KEY[0], undefined, signal));
}

export const mediaUsageQueryOptions = () =>
  queryOptions({ queryKey: MEDIA_USAGE_QUERY_KEY, queryFn: ({ signal }) => getMediaUsage(signal) });

export function useMediaUsage() {
  return useQuery(mediaUsageQueryOptions());
}
