import {
  apiKeyListSchema,
  apiKeySchema,
  createdApiKeySchema,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
  type UpdateApiKey,
} from '@contract/api-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson, apiRequest } from '@web/lib/api-client';

export const API_KEYS_QUERY_KEY = ['/api/api-keys'] as const;
const keyUrl = (id: number) => `${API_KEYS_QUERY_KEY[0]}/${id}`;

export async function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return apiKeyListSchema.parse(await apiJson<unknown>('GET', API_KEYS_QUERY_KEY[0], undefined, signal));
}

export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

/** Each mutation refetches the list, whose answer never carries a key. */
function useKeyMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }) });
}

export const useCreateApiKey = () =>
  useKeyMutation(async (input: CreateApiKey): Promise<CreatedApiKey> =>
    createdApiKeySchema.parse(await apiJson<unknown>('POST', API_KEYS_QUERY_KEY[0], input)),
  );

export const useUpdateApiKey = () =>
  useKeyMutation(async ({ id, data }: { id: number; data: UpdateApiKey }): Promise<ApiKey> =>
    apiKeySchema.parse(await apiJson<unknown>('PATCH', keyUrl(id), data)),
  );

export const useDeleteApiKey = () =>
  useKeyMutation(async (id: number): Promise<void> => {
    await apiRequest('DELETE', keyUrl(id));
  });
