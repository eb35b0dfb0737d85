import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import { getDummyHash, verifyPassword } from '../../auth/passwords';
import { createSession, deleteSession } from '../../auth/session-service';
import type { SessionUser } from '../../auth/session-user';
import { ownedBy } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { tooMany, type Limiter } from '../../limits/limiter';
import { recordActivity } from '../activities/activity-service';
import { findUserByEmail } from '../users/user-service';
import { getWorkspace } from '../workspaces/workspace-service';

/** Failed sign-ins per email before it is locked, and for how long. */
export interface LoginLockout {
  failures: number;
  windowMs: number;
}

/**
 * The lockout counts per email whether or not an account has it, so a 429 tells nothing about
 * which emails exist; the key is a hash so that no email sits in Redis in clear.
 */
const lockoutKey = (email: string) =>
  `login-fail:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;

/**
 * Checks the credentials and opens a session. Guessing one account's password from many addresses
 * locks its email for a while (429 with Retry-After, set on `reply`); a wrong email or password is
 * the one 401 of the sign-in.
 */
export async function signIn(
  { db, limiter }: { db: Db; limiter: Limiter },
  lockout: LoginLockout,
  credentials: { email: string; password: string },
  reply: FastifyReply,
) {
  const failures = lockoutKey(credentials.email);
  const past = await limiter.peek(failures);
  if (past.count >= lockout.failures) throw tooMany(reply, past.resetInMs, messages.auth.accountLocked);
  const user = await findUserByEmail(db, credentials.email);
  // Hash even for an unknown email so the answer time does not reveal which emails exist.
  const ok = await verifyPassword(credentials.password, user?.passwordHash ?? (await getDummyHash()));
  if (!user || !ok) {
    await limiter.hit(failures, lockout.windowMs, { at: lockout.failures, toMs: lockout.windowMs });
    throw new HttpError(401, messages.auth.loginFailure.description, ERROR_CODES.unauthenticated);
  }
  await limiter.reset(failures);
  const session = await db.transaction(async (tx) => {
    const opened = await createSession(tx, user.id);
    await recordActivity(tx, {
      userId: user.id,
      workspaceId: user.workspaceId,
      type: 'signed_in',
      data: { name: user.username },
      entityType: 'session',
      entityId: user.id,
    });
    return opened;
  });
  return { user, session };
}

/** Ends the caller's session, recorded in the history. */
export async function signOut(db: Db, user: SessionUser): Promise<void> {
  await db.transaction(async (tx) => {
    await deleteSession(tx, user.sessionTokenHash);
    const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, user.id));
    await recordActivity(tx, {
      ...ownedBy(user),
      type: 'signed_out',
      data: { name: row?.username ?? '' },
      entityType: 'session',
      entityId: user.id,
    });
  });
}

/** The caller's workspace; removed meanwhile (its sessions went with it): 401. */
export async function workspaceOf(db: Db, id: number) {
  const workspace = await getWorkspace(db, id);
  if (!workspace) throw new HttpError(401, messages.auth.unauthenticated, ERROR_CODES.unauthenticated);
  return workspace;
}
