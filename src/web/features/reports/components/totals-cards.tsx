import type { Report } from '@contract/reports';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatCount } from '@web/lib/format';
import { Clock, Monitor, Play, type LucideIcon } from 'lucide-react';
import { formatDurationShort } from '../lib/format';

/** Exibições, Tempo na tela, Telas: the period's totals. */
export function TotalsCards({ totals }: { totals: Report['totals'] }) {
  const l = t.reports.totals;
  return (
    <ul aria-label={l.label} className="grid gap-4 sm:grid-cols-3">
      <TotalCard testId="report-total-plays" label={l.plays} value={formatCount(totals.plays)} icon={Play} />
      <TotalCard
        testId="report-total-duration"
        label={l.duration}
        value={formatDurationShort(totals.durationMs)}
        icon={Clock}
      />
      <TotalCard testId="report-total-screens" label={l.screens} value={formatCount(totals.screens)} icon={Monitor} />
    </ul>
  );
}

function TotalCard({
  testId,
  label,
  value,
  icon: Icon,
}: {
  testId: string;
  label: string;
  value: string;
  icon: LucideIcon;
}) {
  return (
    <li>
      <Card className="flex items-center justify-between gap-4 p-5" data-testid={testId}>
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm font-medium">{label}</p>
          <p className="text-3xl font-bold tabular-nums">{value}</p>
        </div>
        <span className="text-primary bg-primary/10 flex size-12 shrink-0 items-center justify-center rounded-full">
          <Icon className="size-6" aria-hidden="true" />
        </span>
      </Card>
    </li>
  );
}
