import {
  REPORT_DIMENSIONS,
  REPORT_MAX_DAYS,
  reportMessages,
  reportQuerySchema,
  type ReportDimension,
  type ReportQuery,
} from '@contract/reports';
import { addDays, type Period } from '@web/lib/period';

/** Why a report's from/to cannot be asked for (the API's own rules, said before asking), or null. */
export function reportPeriodProblem({ from, to }: Period): string | null {
  if (to < from) return reportMessages.endBeforeStart;
  return addDays(from, REPORT_MAX_DAYS - 1) < to ? reportMessages.tooLong : null;
}

/** What narrows a report besides its period: one of device or group, and media, playlist, campaign. */
export type ReportFilters = Omit<ReportQuery, 'from' | 'to'>;

/** The query string of `GET /api/reports` (and of the export, with its dimension). */
export function reportSearch(period: Period, filters: ReportFilters, dimension?: string): string {
  const params = new URLSearchParams({ from: period.from, to: period.to });
  for (const key of ['deviceId', 'groupId', 'mediaId', 'playlistId', 'campaignId'] as const) {
    const value = filters[key];
    if (value) params.set(key, String(value));
  }
  if (dimension) params.set('dimension', dimension);
  return params.toString();
}

/**
 * The period, filters and open table a /reports address names (its query string, as `reportSearch`
 * writes it), so a reload or a shared link shows the same report; null when it names none, or a
 * period the API would refuse (the page then shows its default).
 */
export function reportStateOf(
  search: string,
): { period: Period; filters: ReportFilters; dimension: ReportDimension | null } | null {
  const params = new URLSearchParams(search);
  const parsed = reportQuerySchema.safeParse(Object.fromEntries(params));
  if (!parsed.success) return null;
  const { from, to, ...filters } = parsed.data;
  return {
    period: { from, to },
    filters,
    dimension: REPORT_DIMENSIONS.find((d) => d === params.get('dimension')) ?? null,
  };
}
