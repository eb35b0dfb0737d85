import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../contract/constants';
import type { User } from '../../contract/users';
import type { Database } from '../db/client';
import { createSession } from '../auth/session-service';
import { media, users, workspaces } from '../db/schema';
import { createUser } from '../features/users/user-service';
import { sessionCookie } from './test-app';

let sequence = 0;
export const DEFAULT_PASSWORD = 'senha-segura-123';

/** A new workspace (DESIGN §3) with a unique name. */
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
    const [first] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.name, DEFAULT_WORKSPACE_NAME)).orderBy(workspaces.id).limit(1);
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
  return createUser(database.db, overrides.workspaceId ?? (await defaultWorkspace(database)), {
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
export async function signedInUser(app: FastifyInstance, database: Database, role: Role = 'user', workspaceId?: number) {
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

/** A media row without a stored file: enough for features that only reference media. */
export async function makeMedia(
  database: Database,
  userId: number,
  overrides: { size?: number; mimeType?: string; duration?: number | null; originalName?: string } = {},
) {
  sequence += 1;
  const [row] = await database.db
    .insert(media)
    .values({
      ...(await ownedByUser(database, userId)),
      filename: `arquivo-${sequence}`,
      originalName: overrides.originalName ?? `foto-${sequence}.png`,
      mimeType: overrides.mimeType ?? 'image/png',
      size: overrides.size ?? 1000 * sequence,
      duration: overrides.duration ?? null,
      url: '',
      sha256: 'f'.repeat(64),
    })
    .returning();
  return row!;
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
    .values({ username, email: `${username}@exemplo.com.br`, role, passwordHash: '!', workspaceId: workspaceId ?? (await defaultWorkspace(database)) })
    .returning();
  const { token } = await createSession(database.db, user!.id);
  return { user: user!, cookie: `sid=${token}` };
}
