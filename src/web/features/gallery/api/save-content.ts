import type { ContentCreate, MediaUpdate } from '@contract/content';
import { mediaSchema, type Media } from '@contract/media';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { MEDIA_QUERY_KEY } from '@web/lib/query-keys';
import { refreshMediaQueries } from './get-media';

/** `POST /api/media/content` (docs/content.md#api): a new content item, its defaults filled in. */
export async function createContent(body: ContentCreate): Promise<Media> {
  return mediaSchema.parse(await apiJson<unknown>('POST', `${MEDIA_QUERY_KEY[0]}/content`, body));
}

/** `PUT /api/media/{id}`: a new name and, for a content item, all of its options. */
export async function updateMedia({ id, body }: { id: number; body: MediaUpdate }): Promise<Media> {
  return mediaSchema.parse(await apiJson<unknown>('PUT', `${MEDIA_QUERY_KEY[0]}/${id}`, body));
}

export function useCreateContent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createContent, onSuccess: () => refreshMediaQueries(queryClient) });
}

export function useUpdateMedia() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMedia, onSuccess: () => refreshMediaQueries(queryClient) });
}
