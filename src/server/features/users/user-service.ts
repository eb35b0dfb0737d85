import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import type { CreateUser, UpdateUser, User } from '../../../contract/users';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteOtherSessions } from '../../auth/session-service';
import { isAdmin, type SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { afterOwnedRemoved, removeOwnedThings } from '../owners/remove-owned';
import { presentUser } from './user-presenter';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Removing a user reaches beyond the database: their TVs (the bus) and their files (the store). */
export interface UserRemovalDeps {
  db: Db;
  bus: EventBus;
  store: MediaStore;
  log: FastifyBaseLogger;
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return row ?? null;
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(presentUser);
}

/** A user may read only their own record; an admin reads anyone's. Anything else is "not found". */
async function loadVisible(db: Db, actor: SessionUser, id: number) {
  if (!isAdmin(actor) && actor.id !== id) throw notFound(messages.users.notFound);
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound(messages.users.notFound);
  return row;
}

export async function getUser(db: Db, actor: SessionUser, id: number): Promise<User> {
  return presentUser(await loadVisible(db, actor, id));
}

function rethrowTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'users_email_unique') throw conflict(messages.users.emailTaken);
  if (constraint !== null) throw conflict(messages.users.usernameTaken);
  throw error;
}

export async function createUser(db: Db, input: CreateUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ username: input.username, email: input.email, phone: input.phone, role: input.role, passwordHash })
      .returning();
    return presentUser(row!);
  } catch (error) {
    rethrowTaken(error);
  }
}

export async function updateUser(db: Db, actor: SessionUser, id: number, input: UpdateUser): Promise<User> {
  const current = await loadVisible(db, actor, id);
  const changes: Partial<typeof users.$inferInsert> = {
    username: input.username,
    email: input.email,
    phone: input.phone,
  };

  if (input.role !== undefined && input.role !== current.role) {
    if (!isAdmin(actor)) throw forbidden(messages.users.cannotChangeRole);
    changes.role = input.role;
  }

  const ownRecord = actor.id === id;
  if (input.password) {
    // An admin may reset someone else's password; changing one's own needs the current one.
    if (ownRecord) {
      if (!input.currentPassword) {
        throw new HttpError(400, messages.profile.currentPasswordRequired.description, 'CURRENT_PASSWORD_REQUIRED', [
          { path: ['currentPassword'], message: messages.profile.currentPasswordRequired.description },
        ]);
      }
      if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
        throw new HttpError(400, messages.profile.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG', [
          { path: ['currentPassword'], message: messages.profile.currentPasswordWrong },
        ]);
      }
    }
    changes.passwordHash = await hashPassword(input.password);
  }

  try {
    const row = await db.transaction(async (tx) => {
      if (changes.role === 'user') await assertAnotherAdminRemains(tx, id);
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      return updated;
    });
    // Removed by someone else meanwhile.
    if (!row) throw notFound(messages.users.notFound);
    if (changes.passwordHash) await deleteOtherSessions(db, id, ownRecord ? actor.sessionTokenHash : null);
    return presentUser(row!);
  } catch (error) {
    rethrowTaken(error);
  }
}

/**
 * Removes a regular user and everything they own: their TVs are revoked at once and their media
 * files deleted from the store after the commit (`owners/remove-owned.ts`).
 */
export async function deleteUser(deps: UserRemovalDeps, actor: SessionUser, id: number): Promise<void> {
  const target = await loadVisible(deps.db, actor, id);
  if (target.role === 'admin') throw forbidden(messages.users.adminCannotBeDeleted);
  const removed = await deps.db.transaction(async (tx) => {
    // Only a regular user, checked under the row lock: a promotion meanwhile makes this a 403.
    const [locked] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!locked) throw notFound(messages.users.notFound);
    if (locked.role !== 'user') throw forbidden(messages.users.adminCannotBeDeleted);
    const things = await removeOwnedThings(tx, [id]);
    await tx.delete(users).where(eq(users.id, id));
    return things;
  });
  await afterOwnedRemoved(deps, removed);
}

/** Key of the advisory lock taken by every change that can lower the number of admins ('admn'). */
const ADMIN_SET_LOCK = 0x61646d6e;

/**
 * 409 unless an admin other than `id` exists (DESIGN §3: there is always an admin). Demotions
 * take one advisory lock, so they run one after the other in any process; under READ COMMITTED
 * the count below is a new statement, taken after the lock, so it sees every demotion committed
 * before, and none can commit until this transaction ends. Two admins demoting each other at once:
 * the second one counts no other admin and gets 409. Deletions cannot lower the count: the delete
 * itself only matches `role = 'user'`, and promotions only raise it.
 */
async function assertAnotherAdminRemains(tx: Tx, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK})`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), ne(users.id, id)));
  if ((row?.n ?? 0) === 0) throw conflict(messages.users.lastAdmin);
}

export const DEFAULT_ADMIN_EMAIL = 'admin@sinalize.local';

/**
 * On a database with no users, creates the first administrator so a new install can sign in at
 * once. Returns the generated password when none was configured (printed once by the caller).
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string; password?: string },
): Promise<{ email: string; generatedPassword?: string } | null> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return null;
  const email = (opts.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = opts.password ?? randomBytes(12).toString('base64url');
  // ON CONFLICT: two processes starting together on one PostgreSQL create only one admin.
  const inserted = await db
    .insert(users)
    .values({ username: 'admin', email, role: 'admin', passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return null;
  return { email, generatedPassword: opts.password ? undefined : password };
}
