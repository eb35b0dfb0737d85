import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { formatCount } from '@web/lib/format';
import { Monitor, Wifi, WifiOff, type LucideIcon } from 'lucide-react';

type SummaryCardsProps = { total: number; online: number; offline: number };

/** The three summary cards (docs/product.md#dashboard): Total de Dispositivos, Online, Offline. */
export function SummaryCards({ total, online, offline }: SummaryCardsProps) {
  return (
    <ul aria-label={t.dashboard.summaryLabel} className="grid gap-4 sm:grid-cols-3">
      <SummaryCard
        testId="summary-total"
        label={t.dashboard.total}
        value={total}
        icon={Monitor}
        tone="text-primary bg-primary/10"
      />
      <SummaryCard
        testId="summary-online"
        label={t.dashboard.online}
        value={online}
        icon={Wifi}
        tone="text-success bg-success/10"
      />
      <SummaryCard
        testId="summary-offline"
        label={t.dashboard.offline}
        value={offline}
        icon={WifiOff}
        tone="text-muted-foreground bg-muted"
      />
    </ul>
  );
}

type SummaryCardProps = { testId: string; label: string; value: number; icon: LucideIcon; tone: string };

function SummaryCard({ testId, label, value, icon: Icon, tone }: SummaryCardProps) {
  return (
    <li>
      <Card className="flex items-center justify-between gap-4 p-5" data-testid={testId}>
        <div className="grid gap-1">
          <p className="text-muted-foreground text-sm font-medium">{label}</p>
          <p className="text-3xl font-bold tabular-nums">{formatCount(value)}</p>
        </div>
        <span className={cn('flex size-12 shrink-0 items-center justify-center rounded-full', tone)}>
          <Icon className="size-6" aria-hidden="true" />
        </span>
      </Card>
    </li>
  );
}
