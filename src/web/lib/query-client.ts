import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/**
 * docs/api.md#calls: data never goes stale by itself, no refetch on focus, no polling, no retries. Fresh
 * data comes from explicit invalidation after mutations and from the realtime channel.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
