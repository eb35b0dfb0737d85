import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isAdmin, type SessionUser } from './session-user';

/**
 * The row filter of DESIGN §3: a regular user sees only what they own, an admin sees everything.
 * `undefined` means "no filter" (drizzle's `and()` drops it).
 */
export const visibleTo = (ownerColumn: PgColumn, actor: SessionUser): SQL | undefined =>
  isAdmin(actor) ? undefined : eq(ownerColumn, actor.id);
