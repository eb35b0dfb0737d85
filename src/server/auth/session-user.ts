import type { Role } from '../../contract/constants';

/** Who is calling, as resolved from the session cookie or an API key; never from a header the client sets. */
export interface SessionUser {
  id: number;
  role: Role;
  /** The tenancy boundary (docs/security.md#roles-and-tenancy): everything the user sees and changes is in this workspace. */
  workspaceId: number;
  /** Empty for an API key caller, which has no session. */
  sessionTokenHash: string;
  /** Set when the caller is an API key (`Authorization: Bearer snz_…`) rather than a session. */
  apiKeyId?: number;
}

export const isAdmin = (user: SessionUser) => user.role === 'admin';
