import type { User } from '../../../contract/users';
import type { users } from '../../db/schema';

/** The public shape of a user: never the password hash. */
export const presentUser = (row: typeof users.$inferSelect): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  phone: row.phone,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});
