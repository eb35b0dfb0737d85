import type { ReportDimension } from '@contract/reports';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { PeriodPicker } from '@web/components/period-picker';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Card, CardContent } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { ChartColumn } from 'lucide-react';
import { useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { reportExportUrl, useReport } from '../api/get-report';
import { presetPeriod, type Period } from '@web/lib/period';
import { reportPeriodProblem, reportSearch, reportStateOf, type ReportFilters } from '../lib/period';
import { DayChart } from './day-chart';
import { ReportFiltersBar, type ReportRefs } from './report-filters';
import { ReportTables } from './report-tables';
import { AvailabilityTable } from './availability-table';
import { TotalsCards } from './totals-cards';

const NO_FILTERS: ReportFilters = {};
const DEFAULT_TAB: ReportDimension = 'media';

/** /reports: period, filters, totals, the chart per day and the tables per dimension (docs/proof-of-play.md#reports). */
export function ReportsView({ refs }: { refs: ReportRefs }) {
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  // The address holds what is shown (a reload or a shared link shows the same report); none: the last 7 days.
  const search = useSearch();
  const [, navigate] = useLocation();
  const named = useMemo(() => reportStateOf(search), [search]);
  const defaultPeriod = useMemo(() => presetPeriod('last7', new Date(), timeZone), [timeZone]);
  const period = named?.period ?? defaultPeriod;
  const filters = named?.filters ?? NO_FILTERS;
  const tab = named?.dimension ?? DEFAULT_TAB;
  const show = (next: Period, nextFilters: ReportFilters, nextTab = tab) =>
    navigate(`/reports?${reportSearch(next, nextFilters, nextTab === DEFAULT_TAB ? undefined : nextTab)}`, {
      replace: true,
    });
  const setPeriod = (next: Period) => show(next, filters);
  const setFilters = (next: ReportFilters) => show(period, next);
  const report = useReport(period, filters);
  const l = t.reports;
  return (
    <>
      <PageHeader title={l.title} description={l.subtitle} />
      {/* grid-cols-1 (minmax(0, 1fr)): the column may be narrower than the tabs' row, so a phone's page does not scroll sideways. */}
      <div className="grid grid-cols-1 gap-6">
        <Card>
          <CardContent className="grid gap-4 pt-6">
            <PeriodPicker
              period={period}
              timeZone={timeZone}
              now={new Date()}
              onChange={setPeriod}
              problemOf={reportPeriodProblem}
              idPrefix="report"
            />
            <ReportFiltersBar refs={refs} filters={filters} onChange={setFilters} />
            <p className="text-muted-foreground text-xs">{l.timeZone(timeZone)}</p>
          </CardContent>
        </Card>
        {report.isError ? (
          <LoadError error={report.error} />
        ) : !report.data ? (
          <div role="status" aria-label={l.loading} className="grid gap-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-72 w-full" />
          </div>
        ) : (
          <div className="grid grid-cols-1 gap-6" data-testid="report" aria-busy={report.isPlaceholderData}>
            <TotalsCards totals={report.data.totals} />
            {report.data.availability.length > 0 && <AvailabilityTable rows={report.data.availability} />}
            {report.data.totals.plays === 0 ? (
              <Card data-testid="report-empty">
                <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
                  <ChartColumn className="text-muted-foreground size-10" aria-hidden="true" />
                  <p className="font-medium">{l.empty}</p>
                  <p className="text-muted-foreground max-w-md text-sm">{l.emptyHint}</p>
                </CardContent>
              </Card>
            ) : (
              <>
                <DayChart days={report.data.byDay} />
                <ReportTables
                  report={report.data}
                  tab={tab}
                  onTabChange={(next) => show(period, filters, next)}
                  exportUrl={(dimension) => reportExportUrl(period, filters, dimension)}
                />
              </>
            )}
          </div>
        )}
      </div>
    </>
  );
}
