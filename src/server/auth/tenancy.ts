import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from './session-user';

/**
 * The row filter of DESIGN §3: everyone sees and manages what is in their workspace, admins
 * included; nothing of another workspace is visible (services answer 404 for it).
 */
export const visibleTo = (workspaceColumn: PgColumn, actor: SessionUser): SQL => eq(workspaceColumn, actor.workspaceId);

/** Who a new row belongs to: the caller's workspace, and the caller as its creator (`userId`). */
export const ownedBy = (actor: SessionUser) => ({ workspaceId: actor.workspaceId, userId: actor.id });
