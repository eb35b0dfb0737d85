import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiKeys } from '../db/schema';
import type { SessionUser } from './session-user';
import { hashToken } from './tokens';

/** Who calls with an API key: its workspace, its creator (the `userId` of what it creates), its permissions. */
export interface ApiKeyCaller {
  user: SessionUser;
  permissions: string[];
}

/**
 * Resolves `Authorization: Bearer snz_…` (one indexed lookup by the SHA-256, as for sessions: a
 * deactivation, removal or expiry counts from the next request) and records the use. `lastUsed`
 * is kept in memory and written in one statement per flush (every `flushIntervalMs` and at close),
 * not once per request: a script polling every second would otherwise write every second.
 */
export function createApiKeyAuth(db: Db, options: { flushIntervalMs: number }) {
  const pending = new Map<number, Date>();

  async function authenticate(key: string): Promise<ApiKeyCaller | null> {
    const [row] = await db
      .select({
        id: apiKeys.id,
        userId: apiKeys.userId,
        workspaceId: apiKeys.workspaceId,
        permissions: apiKeys.permissions,
      })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.keyHash, hashToken(key)),
          eq(apiKeys.isActive, true),
          or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date())),
        ),
      )
      .limit(1);
    if (!row) return null;
    pending.set(row.id, new Date());
    // A key acts with the rights of a regular user of its workspace, narrowed by its permissions;
    // it has no session (nothing to log out or keep).
    return {
      user: { id: row.userId, role: 'user', workspaceId: row.workspaceId, sessionTokenHash: '', apiKeyId: row.id },
      permissions: row.permissions,
    };
  }

  async function flush() {
    if (pending.size === 0) return;
    const batch = [...pending];
    pending.clear();
    const ids = `{${batch.map(([id]) => id).join(',')}}`;
    const times = `{${batch.map(([, at]) => at.toISOString()).join(',')}}`;
    // A key removed meanwhile simply matches nothing.
    await db.execute(
      sql`update ${apiKeys} set last_used = v.at from unnest(${ids}::int[], ${times}::timestamptz[]) as v(id, at) where ${apiKeys.id} = v.id`,
    );
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    authenticate,
    flush,
    start(onError: (error: unknown) => void) {
      timer = setInterval(() => {
        running = running.then(flush).catch(onError);
      }, options.flushIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
      await flush();
    },
  };
}
export type ApiKeyAuth = ReturnType<typeof createApiKeyAuth>;
