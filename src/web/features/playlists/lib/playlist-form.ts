import { playlistInputSchema, type PlaylistDetail, type PlaylistInput } from '@contract/playlists';
import type { z } from 'zod';
import type { WizardItem } from './wizard';

/**
 * Step 1 of the wizard, validated by the very fields of the contract's `playlistInputSchema` (the
 * schema the server validates the request with), so the form and the API cannot disagree.
 */
export const playlistInfoSchema = playlistInputSchema.pick({
  name: true,
  description: true,
  startDate: true,
  durationDays: true,
});

/**
 * The step-1 fields as the form holds them (the schema's input side): text, a `YYYY-MM-DD` date or
 * empty, and the days as typed; the schema turns them into the API's values.
 */
export type PlaylistInfoValues = z.input<typeof playlistInfoSchema>;
export type PlaylistInfoData = z.output<typeof playlistInfoSchema>;

export const emptyPlaylistInfo: PlaylistInfoValues = { name: '', description: '', startDate: '', durationDays: '0' };

/** The edit form's starting values. */
export function playlistInfoFrom(
  playlist: Pick<PlaylistDetail, 'name' | 'description' | 'startDate' | 'durationDays'>,
): PlaylistInfoValues {
  return {
    name: playlist.name,
    description: playlist.description ?? '',
    startDate: playlist.startDate?.slice(0, 10) ?? '',
    durationDays: String(playlist.durationDays ?? 0),
  };
}

/**
 * The POST/PUT body of docs/api.md#calls: the step-1 fields, the items with their order, the size computed
 * here and `userId` sent as 1 (the server ignores both and works them out itself).
 */
export function buildPlaylistInput(
  info: PlaylistInfoValues,
  items: readonly WizardItem[],
  totalSize: number,
): PlaylistInput {
  return {
    name: info.name,
    description: info.description,
    startDate: info.startDate,
    durationDays: info.durationDays,
    items: items.map(({ mediaId, duration }, order) => ({ mediaId, duration, order })),
    totalSize,
    userId: 1,
  };
}

/** Validates the body with the contract's schema: the parsed data, or the first problem's message. */
export function parsePlaylistInput(
  input: PlaylistInput,
): { ok: true; data: z.output<typeof playlistInputSchema> } | { ok: false; message: string; field: string | null } {
  const parsed = playlistInputSchema.safeParse(input);
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const key = issue?.path[0];
  return { ok: false, message: issue?.message ?? '', field: typeof key === 'string' ? key : null };
}
