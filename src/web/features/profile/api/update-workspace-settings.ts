import { workspaceSchema, type Workspace } from '@contract/workspaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import type { Me } from '@web/lib/session';

export type WorkspaceSettings = { timeZone: string };

/** `PATCH /api/workspace` (admins): the time zone the workspace's campaigns play by. */
export async function updateWorkspaceSettings(settings: WorkspaceSettings): Promise<Workspace> {
  return workspaceSchema.parse(await apiJson<unknown>('PATCH', '/api/workspace', settings));
}

/** The session holds the workspace (sidebar, profile, what is on air): it takes the answer at once. */
export function useUpdateWorkspaceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceSettings,
    onSuccess: (workspace) => {
      queryClient.setQueryData<Me | null>(ME_QUERY_KEY, (me) => (me ? { ...me, workspace } : me));
      return queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
