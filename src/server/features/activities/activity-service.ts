import type { Db, Tx } from '../../db/client';
import { activities } from '../../db/schema';


/** Activity history (SPEC §3): kept when the entity it mentions is removed. */
export async function recordActivity(
  db: Db | Tx,
  entry: { userId: number; workspaceId: number; type: string; description: string; entityType: string; entityId: number },
): Promise<void> {
  await db.insert(activities).values(entry);
}
