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
import { recordActivity } from '../activities/activity-service';

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
  const rows = await db
    .select()
    .from(apiKeys)
    .where(visibleTo(apiKeys.workspaceId, actor))
    .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map(present);
}

/** A new key: 32 random bytes after `snz_`; only its SHA-256 is stored, the plain key is answered once. */
export async function createApiKey(db: Db, actor: SessionUser, input: CreateApiKey): Promise<CreatedApiKey> {
  const key = `${API_KEY_PREFIX}${newToken()}`;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
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
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'api_key_created',
      data: { name: input.name },
      entityType: 'api_key',
      entityId: created!.id,
    });
    return created;
  });
  return { ...present(row!), key };
}

export async function updateApiKey(db: Db, actor: SessionUser, id: number, input: UpdateApiKey): Promise<ApiKey> {
  const where = and(eq(apiKeys.id, id), visibleTo(apiKeys.workspaceId, actor));
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
  };
  // An empty patch changes nothing and answers the key as it is.
  if (!Object.keys(changes).length) {
    const [row] = await db.select().from(apiKeys).where(where);
    if (!row) throw notFound(messages.apiKeys.notFound);
    return present(row);
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx.update(apiKeys).set(changes).where(where).returning();
    if (!updated) throw notFound(messages.apiKeys.notFound);
    const change = input.isActive === undefined ? 'updated' : input.isActive ? 'activated' : 'deactivated';
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'api_key_updated',
      data: { name: updated.name, change },
      entityType: 'api_key',
      entityId: id,
    });
    return updated;
  });
  return present(row);
}

export async function deleteApiKey(db: Db, actor: SessionUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(apiKeys)
      .where(and(eq(apiKeys.id, id), visibleTo(apiKeys.workspaceId, actor)))
      .returning({ id: apiKeys.id, name: apiKeys.name });
    if (!removed) throw notFound(messages.apiKeys.notFound);
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'api_key_deleted',
      data: { name: removed.name },
      entityType: 'api_key',
      entityId: id,
    });
  });
}
