import type { ReportDimension } from './reports';

/**
 * How reports read in pt-BR, shared by the CSV export and the /reports page: the column names, dates
 * as dd/mm/aaaa and time on screen as h:mm:ss (hours past 24 kept, as spreadsheets read durations).
 */
export const REPORT_DIMENSION_LABELS: Record<ReportDimension, string> = {
  day: 'Dia',
  device: 'Dispositivo',
  media: 'Mídia',
  playlist: 'Playlist',
  campaign: 'Campanha',
  zone: 'Zona',
};

export const REPORT_FIGURE_LABELS = {
  plays: 'Exibições',
  duration: 'Tempo na tela (h:mm:ss)',
  screens: 'Telas',
  /** The media table's second column: what each item is (docs/content.md). */
  type: 'Tipo',
} as const;

/**
 * A row without an id: plays outside any playlist, or of the assigned playlists (no campaign); for
 * zones, the roll-ups made before plays had a zone (key '', named so by the server).
 */
export const REPORT_NONE_LABELS: Partial<Record<ReportDimension, string>> = {
  playlist: 'Sem playlist',
  campaign: 'Sem campanha (playlists atribuídas)',
  zone: 'Sem zona registrada',
};

/**
 * The name a table row shows: its name, what "no id" means, or that it was removed (history outlives
 * things). Zones have no id but always a name (the server's).
 */
export function reportRowLabel(dimension: ReportDimension, row: { id: number | null; name: string | null }): string {
  if (row.id === null) return row.name ?? REPORT_NONE_LABELS[dimension] ?? '—';
  return row.name ?? `Removido (#${row.id})`;
}

/** `2026-03-07` → `07/03/2026`. */
export const formatDayBr = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Milliseconds → `h:mm:ss`, rounded to the second: 3_723_400 → `1:02:03`. */
export function formatHms(ms: number): string {
  const total = Math.round(ms / 1000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(total / 3600)}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}
