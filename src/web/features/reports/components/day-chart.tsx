import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { lazy, Suspense } from 'react';

// uPlot and its stylesheet load with the chart only, never with the other pages.
const DayChartCanvas = lazy(() => import('./day-chart-canvas'));

/** "Exibições por dia": the chart (the "Por dia" table says the same for screen readers). */
export function DayChart({ days }: { days: ReadonlyArray<{ day: string; plays: number }> }) {
  return (
    <Card data-testid="report-chart">
      <CardHeader>
        <CardTitle className="text-base">{t.reports.chart.title}</CardTitle>
      </CardHeader>
      <CardContent role="img" aria-label={t.reports.chart.label}>
        <Suspense fallback={<Skeleton className="h-60 w-full" aria-label={t.reports.chart.loading} />}>
          <DayChartCanvas days={days} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
