import { and, asc, eq } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_VISIBLE_LENGTH,
  permissionList,
  permissionsFromList,
  type ApiKey,
  type CreateApiKey,
  type CreatedApiKey,
  type UpdateApiKey,
} from '../../../contract/api-keys';
import { messages } from '../../../contract/messages';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import { hashToken, newToken } from '../../auth/tokens';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { notFound } from '../../http/errors';

type Row = typeof apiKeys.$inferSelect;

/** Never the hash: only the first characters of the key identify it on screen. */
function present(row: Row): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: permissionsFromList(row.permissions),
    isActive: row.isActive,
    lastUsed: row.lastUsed?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The workspace's keys, oldest first. */
export async function listApiKeys(db: Db, actor: SessionUser): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(visibleTo(apiKeys.workspaceId, actor)).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(present);
}

/** A new key: 32 random bytes after `snz_`; only its SHA-256 is stored, the plain key is answered once. */
export async function createApiKey(db: Db, actor: SessionUser, input: CreateApiKey): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name,
      keyHash: hashToken(key),
      prefix: key.slice(0, API_KEY_VISIBLE_LENGTH),
      permissions: permissionList(input.permissions),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      ...ownedBy(actor),
    })
    .returning();
  return { ...present(row!), key };
}

export async function updateApiKey(db: Db, actor: SessionUser, id: number, input: UpdateApiKey): Promise<ApiKey> {
  const where = and(eq(apiKeys.id, id), visibleTo(apiKeys.workspaceId, actor));
  const changes = { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.isActive !== undefined ? { isActive: input.isActive } : {}) };
  // An empty patch changes nothing and answers the key as it is.
  const [row] = Object.keys(changes).length ? await db.update(apiKeys).set(changes).where(where).returning() : await db.select().from(apiKeys).where(where);
  if (!row) throw notFound(messages.apiKeys.notFound);
  return present(row);
}

export async function deleteApiKey(db: Db, actor: SessionUser, id: number): Promise<void> {
  const removed = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, id), visibleTo(apiKeys.workspaceId, actor)))
    .returning({ id: apiKeys.id });
  if (removed.length === 0) throw notFound(messages.apiKeys.notFound);
}
