import type { Playlist } from '@contract/playlists';
import { totalDuration } from './wizard';

/**
 * A `YYYY-MM-DD` calendar date in pt-BR (`07/05/2025`), read as a date and not as an instant, so
 * no time zone can move it a day back; null, empty or invalid values give null.
 */
export function formatStartDate(value: string | null | undefined): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${day}/${month}/${year}`;
}

/** The list's search: case-insensitive "contains" on the name; a blank term matches all. */
export function filterPlaylists<T extends Pick<Playlist, 'name'>>(items: readonly T[], search: string): T[] {
  const term = search.trim().toLocaleLowerCase('pt-BR');
  return term ? items.filter((p) => p.name.toLocaleLowerCase('pt-BR').includes(term)) : [...items];
}

/** A playlist's total playing time in seconds: the sum of its item durations. */
export const playlistDuration = (playlist: Pick<Playlist, 'items'>): number => totalDuration(playlist.items ?? []);
