import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken, newToken } from './tokens';
import type { SessionUser } from './session-user';

export const SESSION_COOKIE = 'sid';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function createSession(db: Db | Tx, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** One indexed lookup per request: the session joined to its user's current role. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  return findSessionUserByHash(db, hashToken(token));
}

/** The same lookup by the stored hash: the admin channel re-checks its sockets' sessions with it. */
export async function findSessionUserByHash(db: Db, tokenHash: string): Promise<SessionUser | null> {
  const [row] = await db
    .select({ id: users.id, role: users.role, workspaceId: users.workspaceId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { ...row, sessionTokenHash: tokenHash } : null;
}

export async function deleteSession(db: Db | Tx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** After a password change every other session of that user ends; the one making the change stays. */
export async function deleteOtherSessions(db: Db, userId: number, keepTokenHash: string | null): Promise<void> {
  await db
    .delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(db: Db): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
