import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/constants';
import type { User } from '../../../contract/users';
import type { Database } from '../../db/client';
import { createSession } from '../../auth/session-service';
import { users, workspaces } from '../../db/schema';
import { insertUser } from '../../features/users/user-service';
import { sessionCookie } from '../test-app';

let sequence = 0;
/** A number no earlier call in this worker got: unique names, emails and codes. */
export const nextSequence = () => ++sequence;
export const DEFAULT_PASSWORD = 'senha-segura-123';

/** A new workspace (docs/security.md#roles-and-tenancy) with a unique name. */
export async function makeWorkspace(database: Database, name = `Empresa ${++sequence}`): Promise<number> {
  const [row] = await database.db.insert(workspaces).values({ name }).returning({ id: workspaces.id });
  return row!.id;
}

/** Key of the advisory lock under which the default test workspace is made ('tstw'). */
const DEFAULT_WORKSPACE_LOCK = 0x74737477;

export const DEFAULT_WORKSPACE_NAME = 'Empresa de teste';

/**
 * The workspace users join when a test names none, made on first need (by its name, so a
 * workspace a test made first for someone else is never taken for it). Tests that are not about
 * tenancy see one company, as most installs do.
 */
export async function defaultWorkspace(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    // Parallel factories (Promise.all) on PostgreSQL must not make one workspace each.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEFAULT_WORKSPACE_LOCK})`);
    const [first] = await tx
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.name, DEFAULT_WORKSPACE_NAME))
      .orderBy(workspaces.id)
      .limit(1);
    if (first) return first.id;
    const [row] = await tx.insert(workspaces).values({ name: DEFAULT_WORKSPACE_NAME }).returning({ id: workspaces.id });
    return row!.id;
  });
}

/** A user straight through the service (no HTTP), with a unique name and email. */
export async function makeUser(
  database: Database,
  overrides: { role?: Role; password?: string; username?: string; workspaceId?: number } = {},
): Promise<User> {
  sequence += 1;
  const username = overrides.username ?? `usuario${sequence}`;
  return insertUser(database.db, overrides.workspaceId ?? (await defaultWorkspace(database)), {
    username,
    email: `${username}@exemplo.com.br`,
    phone: null,
    role: overrides.role ?? 'user',
    password: overrides.password ?? DEFAULT_PASSWORD,
  });
}

export async function login(app: FastifyInstance, email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookie(response);
}

/** A new user of the given role (in the default workspace unless one is named) and a session cookie for them. */
export async function signedInUser(
  app: FastifyInstance,
  database: Database,
  role: Role = 'user',
  workspaceId?: number,
) {
  const user = await makeUser(database, { role, workspaceId });
  return { user, cookie: await login(app, user.email) };
}

/** The workspace a user belongs to. */
export async function workspaceOf(database: Database, userId: number): Promise<number> {
  const [row] = await database.db.select({ workspaceId: users.workspaceId }).from(users).where(eq(users.id, userId));
  if (!row) throw new Error(`no user ${userId}`);
  return row.workspaceId;
}

/** A row's owner fields for a user: their workspace, and them as its creator. */
export async function ownedByUser(database: Database, userId: number) {
  return { userId, workspaceId: await workspaceOf(database, userId) };
}

/**
 * A user and a session cookie without scrypt (no password: nobody can sign in as them), for
 * tests that need many users quickly, such as the race rounds.
 */
export async function userWithSession(database: Database, role: Role = 'user', workspaceId?: number) {
  sequence += 1;
  const username = `rapido${sequence}`;
  const [user] = await database.db
    .insert(users)
    .values({
      username,
      email: `${username}@exemplo.com.br`,
      role,
      passwordHash: '!',
      workspaceId: workspaceId ?? (await defaultWorkspace(database)),
    })
    .returning();
  const { token } = await createSession(database.db, user!.id);
  return { user: user!, cookie: `sid=${token}` };
}

/** Who a factory acts as: a user and their session cookie (what `signedInUser` and `userWithSession` give). */
export interface Owner {
  user: { id: number };
  cookie: string;
}

/** A factory's parents: its owner, or the workspace a new owner joins (the default one when neither is given). */
export interface OwnerOptions {
  owner?: Owner;
  workspaceId?: number;
}

/** The given owner, or a new user of the named (else the default) workspace. */
export async function ownerFor(
  database: Database,
  { owner, workspaceId }: OwnerOptions,
  role: Role = 'user',
): Promise<Owner> {
  return owner ?? userWithSession(database, role, workspaceId);
}
