import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { CreateUser, UpdateUser, User } from '../../../contract/users';
import type { Workspace } from '../../../contract/workspaces';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { deleteOtherSessions } from '../../auth/session-service';
import { isAdmin, type SessionUser } from '../../auth/session-user';
import { loadVisible as loadVisibleRow, ownedBy } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { uniqueViolation } from '../../db/errors';
import {
  advertisers,
  campaigns,
  deviceGroups,
  devices,
  layouts,
  media,
  partners,
  playlists,
  users,
} from '../../db/schema';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';
import { ensureFirstWorkspace } from '../workspaces/workspace-service';
import { presentUser } from './user-presenter';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/** The users of the admin's workspace (docs/security.md#roles-and-tenancy: no screen crosses workspaces). */
export async function listUsers(db: Db, actor: SessionUser): Promise<User[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.workspaceId, actor.workspaceId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return rows.map(presentUser);
}

/**
 * A user may read only their own record; an admin anyone's in their workspace. Anything else
 * (another workspace's user included) is "not found".
 */
async function loadVisible(db: Db, actor: SessionUser, id: number) {
  if (!isAdmin(actor) && actor.id !== id) throw notFound(messages.users.notFound);
  return loadVisibleRow(db, users, actor, id, messages.users.notFound);
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

/** A user of the workspace, with no activity recorded (the test factories' way in). */
export async function insertUser(
  db: Db | Tx,
  workspaceId: number,
  input: CreateUser,
  passwordHash?: string,
): Promise<User> {
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: input.username,
        email: input.email,
        phone: input.phone,
        role: input.role,
        passwordHash: passwordHash ?? (await hashPassword(input.password)),
        workspaceId,
      })
      .returning();
    return presentUser(row!);
  } catch (error) {
    rethrowTaken(error);
  }
}

/** A new user joins the workspace of the admin who creates them. */
export async function createUser(db: Db, actor: SessionUser, input: CreateUser): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const created = await insertUser(tx, actor.workspaceId, input, passwordHash);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'user_created',
      data: { name: created.username },
      entityType: 'user',
      entityId: created.id,
    });
    return created;
  });
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
        throw new HttpError(
          400,
          messages.profile.currentPasswordRequired.description,
          ERROR_CODES.currentPasswordRequired,
          [{ path: ['currentPassword'], message: messages.profile.currentPasswordRequired.description }],
        );
      }
      if (!(await verifyPassword(input.currentPassword, current.passwordHash))) {
        throw new HttpError(400, messages.profile.currentPasswordWrong, ERROR_CODES.currentPasswordWrong, [
          { path: ['currentPassword'], message: messages.profile.currentPasswordWrong },
        ]);
      }
    }
    changes.passwordHash = await hashPassword(input.password);
  }

  try {
    const row = await db.transaction(async (tx) => {
      if (changes.role === 'user') await assertAnotherAdminRemains(tx, current.workspaceId, id);
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, id)).returning();
      if (updated) {
        await recordActivity(tx, {
          ...ownedBy(actor),
          type: 'user_updated',
          data: { name: updated.username },
          entityType: 'user',
          entityId: id,
        });
      }
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
 * The workspace's things a user created: they stay in the workspace when the user goes. Advertisers
 * and partners are made by admins, but an admin demoted to user may then be removed (docs/ads.md).
 */
const CREATED_BY = [devices, deviceGroups, media, playlists, campaigns, layouts, advertisers, partners];

/**
 * Removes a regular user of the admin's workspace. What they created belongs to the workspace
 * (docs/security.md#roles-and-tenancy: the company's screens do not go with an employee): devices, groups, media,
 * playlists, campaigns, layouts, advertisers and partners stay, credited (`userId`) to the admin who
 * removed them, and TVs keep playing. Their sessions and API keys go with them (FK cascade); their activity history
 * stays, without a name (`activities.user_id` is no foreign key).
 */
export async function deleteUser(db: Db, actor: SessionUser, id: number): Promise<void> {
  const target = await loadVisible(db, actor, id);
  if (target.role === 'admin') throw forbidden(messages.users.adminCannotBeDeleted);
  await db.transaction(async (tx) => {
    // Only a regular user, checked under the row lock: a promotion meanwhile makes this a 403. The
    // lock also makes a row they create meanwhile wait, then fail on the foreign key.
    const [locked] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!locked) throw notFound(messages.users.notFound);
    if (locked.role !== 'user') throw forbidden(messages.users.adminCannotBeDeleted);
    for (const table of CREATED_BY) await tx.update(table).set({ userId: actor.id }).where(eq(table.userId, id));
    await tx.delete(users).where(eq(users.id, id));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'user_deleted',
      data: { name: target.username },
      entityType: 'user',
      entityId: id,
    });
  });
}

/** Key of the advisory lock taken by every change that can lower a workspace's admins ('admn'). */
const ADMIN_SET_LOCK = 0x61646d6e;

/**
 * 409 unless the workspace keeps an admin other than `id` (docs/security.md#roles-and-tenancy: every workspace always has
 * an admin). Demotions in a workspace take its advisory lock, so they run one after the other in
 * any process; under READ COMMITTED the count below is a new statement, taken after the lock, so
 * it sees every demotion committed before, and none can commit until this transaction ends. Two
 * admins demoting each other at once: the second one counts no other admin and gets 409.
 * Deletions cannot lower the count: the delete itself only matches `role = 'user'`, and promotions
 * only raise it.
 */
async function assertAnotherAdminRemains(tx: Tx, workspaceId: number, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_SET_LOCK}, ${workspaceId})`);
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.role, 'admin'), ne(users.id, id)));
  if ((row?.n ?? 0) === 0) throw conflict(messages.users.lastAdmin);
}

export const DEFAULT_ADMIN_EMAIL = 'admin@sinalize.local';

/**
 * On a database with no users, creates the first workspace (`WORKSPACE_NAME`, else "Minha
 * empresa") and its administrator so a new install can sign in at once. Returns the generated
 * password when none was configured (printed once by the caller).
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string; password?: string; workspaceName?: string },
): Promise<{ email: string; workspace: Workspace; generatedPassword?: string } | null> {
  return ensureFirstWorkspace(db, { ...opts, email: (opts.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase() });
}
