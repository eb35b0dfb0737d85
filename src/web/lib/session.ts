import { sessionUserResponseSchema } from '@contract/auth';
import type { User } from '@contract/users';
import type { Workspace } from '@contract/workspaces';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson, dropEarlyRequests } from '@web/lib/api-client';
import { getErrorStatus } from '@web/lib/api-error';
import { clearSession, getSavedUser, saveUser } from '@web/lib/storage';
import { ME_QUERY_KEY } from '@web/lib/query-keys';

/** What the session query holds: the user, and their workspace (null until the server said it). */
export type Me = { user: User; workspace: Workspace | null };

/**
 * The session truth: the signed-in user and their workspace, or null on 401 (then the saved user
 * and login state are cleared). Other failures (server down) throw so the caller can fall back to
 * the saved user.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const data = await apiJson<unknown>('GET', ME_QUERY_KEY[0], undefined, signal);
    const me = sessionUserResponseSchema.parse(data);
    saveUser(me.user);
    return me;
  } catch (error) {
    if (getErrorStatus(error) === 401) {
      clearSession();
      // Whatever the entry started early (the device list) was answered for nobody.
      dropEarlyRequests();
      return null;
    }
    throw error;
  }
}

export const meQueryOptions = () => queryOptions({ queryKey: ME_QUERY_KEY, queryFn: ({ signal }) => getMe(signal) });

export type Session = {
  /** The signed-in user; while /me is in flight, the saved one (instant first paint, docs/product.md#entities). */
  user: User | null;
  /** The user's workspace (docs/security.md#roles-and-tenancy), once /me has answered: the saved user does not carry it. */
  workspace: Workspace | null;
  /** True only when there is nothing to show yet: no saved user and /me has not answered. */
  isLoading: boolean;
  isAdmin: boolean;
};

export function useSession(): Session {
  const query = useQuery({
    ...meQueryOptions(),
    placeholderData: () => {
      const saved = getSavedUser();
      return saved ? { user: saved, workspace: null } : undefined;
    },
  });
  // A failed /me that is not a 401 (network, 5xx) keeps the saved user: the UI stays usable.
  const user = query.isError ? getSavedUser() : (query.data?.user ?? null);
  const workspace = query.isError ? null : (query.data?.workspace ?? null);
  return { user, workspace, isLoading: query.isPending, isAdmin: user?.role === 'admin' };
}
