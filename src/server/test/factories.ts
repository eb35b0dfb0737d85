import type { FastifyInstance } from 'fastify';
import type { Role } from '../../contract/constants';
import type { User } from '../../contract/users';
import type { Database } from '../db/client';
import { createSession } from '../auth/session-service';
import { media, users } from '../db/schema';
import { createUser } from '../features/users/user-service';
import { sessionCookie } from './test-app';

let sequence = 0;
export const DEFAULT_PASSWORD = 'senha-segura-123';

/** A user straight through the service (no HTTP), with a unique name and email. */
export async function makeUser(database: Database, overrides: { role?: Role; password?: string; username?: string } = {}): Promise<User> {
  sequence += 1;
  const username = overrides.username ?? `usuario${sequence}`;
  return createUser(database.db, {
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

/** A new user of the given role and a session cookie for them. */
export async function signedInUser(app: FastifyInstance, database: Database, role: Role = 'user') {
  const user = await makeUser(database, { role });
  return { user, cookie: await login(app, user.email) };
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
      userId,
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
export async function userWithSession(database: Database, role: Role = 'user') {
  sequence += 1;
  const username = `rapido${sequence}`;
  const [user] = await database.db
    .insert(users)
    .values({ username, email: `${username}@exemplo.com.br`, role, passwordHash: '!' })
    .returning();
  const { token } = await createSession(database.db, user!.id);
  return { user: user!, cookie: `sid=${token}` };
}
