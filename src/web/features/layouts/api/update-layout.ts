import { layoutSchema, type Layout, type LayoutData } from '@contract/layouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { layoutQueryKey, LAYOUTS_QUERY_KEY } from './layouts-query-keys';

export type UpdateLayoutVariables = { id: number; data: LayoutData };

/** `PUT /api/layouts/{id}`: name, orientation and zones replaced whole (docs/layouts.md#api). */
export async function updateLayout({ id, data }: UpdateLayoutVariables): Promise<Layout> {
  return layoutSchema.parse(await apiJson<unknown>('PUT', layoutQueryKey(id)[0], data));
}

export function useUpdateLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLayout,
    onSuccess: (layout) => {
      queryClient.setQueryData(layoutQueryKey(layout.id), layout);
      return queryClient.invalidateQueries({ queryKey: LAYOUTS_QUERY_KEY, exact: true });
    },
  });
}
