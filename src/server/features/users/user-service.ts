import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { messages } from '../../../contract/messages';
import type { CreateUser, UpdateUser, User } from '../../../contract/users';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteOtherSessions } from '../../auth/session-service';
import { isAdmin, type SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { presentUser } from './user-presenter';

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
    if (current.role === 'admin' && (await countAdmins(db)) <= 1) {
      throw conflict('Deve existir pelo menos um administrador.');
    }
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
    const [row] = await db.update(users).set(changes).where(eq(users.id, id)).returning();
    if (changes.passwordHash) await deleteOtherSessions(db, id, ownRecord ? actor.sessionTokenHash : null);
    return presentUser(row!);
  } catch (error) {
    rethrowTaken(error);
  }
}

export async function deleteUser(db: Db, actor: SessionUser, id: number): Promise<void> {
  const target = await loadVisible(db, actor, id);
  if (target.role === 'admin') throw forbidden(messages.users.adminCannotBeDeleted);
  await db.delete(users).where(and(eq(users.id, id), eq(users.role, 'user')));
}

async function countAdmins(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.role, 'admin'));
  return row?.n ?? 0;
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
