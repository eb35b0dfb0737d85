import { layoutSchema, type Layout, type LayoutData } from '@contract/layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { LAYOUTS_QUERY_KEY } from './layouts-query-keys';

export async function createLayout(input: LayoutData): Promise<Layout> {
  return layoutSchema.parse(await apiJson<unknown>('POST', LAYOUTS_QUERY_KEY[0], input));
}

export function useCreateLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LAYOUTS_QUERY_KEY }),
  });
}
