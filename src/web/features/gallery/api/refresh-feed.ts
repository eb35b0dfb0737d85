import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { MEDIA_QUERY_KEY } from '@web/lib/query-keys';

/**
 * `POST /api/media/{id}/refresh` (docs/content.md#feeds): the feed is read again by the job queue;
 * its new status reaches the list through the realtime `media_update`.
 */
export const refreshFeed = (id: number) => apiJson<unknown>('POST', `${MEDIA_QUERY_KEY[0]}/${id}/refresh`);

export const useRefreshFeed = () => useMutation({ mutationFn: refreshFeed });
