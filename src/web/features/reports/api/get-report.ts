import { reportSchema, type Report } from '@contract/reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@web/lib/api-client';
import type { Period } from '@web/lib/period';
import { reportSearch, type ReportFilters } from '../lib/period';

/** `GET /api/reports?…`: the key is the URL, so each period and filter set is cached apart. */
export const reportQueryKey = (period: Period, filters: ReportFilters) =>
  [`/api/reports?${reportSearch(period, filters)}`] as const;

export async function getReport(url: string, signal?: AbortSignal): Promise<Report> {
  return reportSchema.parse(await apiJson<unknown>('GET', url, undefined, signal));
}

export const reportQueryOptions = (period: Period, filters: ReportFilters) =>
  queryOptions({
    queryKey: reportQueryKey(period, filters),
    queryFn: ({ queryKey, signal }) => getReport(queryKey[0], signal),
  });

/** The previous answer stays on screen while a new period or filter loads (no flash of skeletons). */
export function useReport(period: Period, filters: ReportFilters) {
  return useQuery({ ...reportQueryOptions(period, filters), placeholderData: keepPreviousData });
}

/** `GET /api/reports/export?…`: a plain link, so the browser downloads it with the session cookie. */
export const reportExportUrl = (period: Period, filters: ReportFilters, dimension: string) =>
  `/api/reports/export?${reportSearch(period, filters, dimension)}`;
