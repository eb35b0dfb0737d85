import type { Role } from '../../contract/constants';

/** Who is calling, as resolved from the session cookie; never from a header the client sets. */
export interface SessionUser {
  id: number;
  role: Role;
  /** The tenancy boundary (DESIGN §3): everything the user sees and changes is in this workspace. */
  workspaceId: number;
  sessionTokenHash: string;
}

export const isAdmin = (user: SessionUser) => user.role === 'admin';
