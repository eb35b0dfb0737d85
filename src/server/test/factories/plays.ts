import type { Database } from '../../db/client';
import { playDays } from '../../db/schema';
import { defaultWorkspace } from './people';

export interface PlayDayRow {
  /** Default: the default test workspace. */
  workspaceId?: number;
  day: string;
  deviceId: number;
  mediaId: number;
  /** null or absent: no playlist / no campaign (stored as 0, the roll-up's key). */
  playlistId?: number | null;
  campaignId?: number | null;
  plays: number;
  durationMs: number;
  /** Default: every play ran to its end. */
  completed?: number;
}

/**
 * Daily roll-ups inserted as they are: what reports read and the API does not make (the plays
 * ingestion maintains them), for any period and volume.
 */
export async function makePlayDays(database: Database, rows: PlayDayRow[]): Promise<void> {
  if (rows.length === 0) return;
  const fallback = rows.some((r) => r.workspaceId === undefined) ? await defaultWorkspace(database) : 0;
  await database.db.insert(playDays).values(
    rows.map((r) => ({
      workspaceId: r.workspaceId ?? fallback,
      day: r.day,
      deviceId: r.deviceId,
      mediaId: r.mediaId,
      playlistId: r.playlistId ?? 0,
      campaignId: r.campaignId ?? 0,
      plays: r.plays,
      durationMs: r.durationMs,
      completed: r.completed ?? r.plays,
    })),
  );
}
