import type { Role } from '../../contract/constants';

/** Who is calling, as resolved from the session cookie; never from a header the client sets. */
export interface SessionUser {
  id: number;
  role: Role;
  sessionTokenHash: string;
}

export const isAdmin = (user: SessionUser) => user.role === 'admin';
