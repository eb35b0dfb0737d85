import { formatBasisPoints, formatCents } from '@contract/money';
import {
  COMMISSION_RULE_LINES,
  COMMISSION_STATUS_LABELS,
  monthLabel,
  type CommissionStatement,
  type CommissionStatus,
} from '@contract/partner-commissions';
import { DEFAULT_TIME_ZONE, localTime } from '@contract/schedule';
import { AccessDenied } from '@web/components/access-denied';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PendingButton } from '@web/components/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { toast } from '@web/components/ui/use-toast';
import { partyCommonLabels as common } from '@web/i18n/ads';
import { partnerCommissionLabels as t } from '@web/i18n/partner-commissions';
import { formatCount, formatDateAndTime } from '@web/lib/format';
import { useSession } from '@web/lib/session';
import { toastFailure } from '@web/lib/toast-failure';
import { ArrowLeft, Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'wouter';
import {
  commissionFileUrl,
  useCommissionMonths,
  useCommissionStatement,
  useSetCommissionStatus,
} from '../api/partner-commissions';

const selectClass =
  'border-input bg-card h-10 rounded-md border px-3 text-sm focus-visible:ring-ring focus-visible:ring-2 focus-visible:outline-none';
const key = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}`;

/** /partners/:id/commissions (docs/ads.md#commissions): a month's statement, closed and paid here. Admins only. */
export default function PartnerCommissionsPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <PartnerCommissions /> : <AccessDenied hint={common.accessDeniedHint} />;
}

/** The current month and the 12 before it in the workspace's zone, and every month the API lists. */
function useMonthChoices(partnerId: number, timeZone: string) {
  const listed = useCommissionMonths(partnerId).data;
  return useMemo(() => {
    const now = localTime(new Date(), timeZone);
    const recent = Array.from({ length: 13 }, (_, i) => {
      const index = now.year * 12 + now.month - 1 - i;
      return key(Math.floor(index / 12), (index % 12) + 1);
    });
    const months = [...new Set([...recent, ...(listed ?? []).map((m) => m.month)])].sort().reverse();
    const status = new Map((listed ?? []).map((m) => [m.month, m.status]));
    return { months, status, previous: recent[1]! };
  }, [listed, timeZone]);
}

function PartnerCommissions() {
  const partnerId = Number(useParams<{ id: string }>().id);
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const choices = useMonthChoices(partnerId, timeZone);
  const [month, setMonth] = useState(choices.previous);
  const statement = useCommissionStatement(partnerId, month);
  const name = statement.data?.partner.name;

  return (
    <>
      <PageHeader
        title={name ? t.title(name) : t.titleLoading}
        description={t.subtitle}
        actions={
          <Button asChild variant="outline">
            <Link href="/partners">
              <ArrowLeft aria-hidden="true" />
              {t.back}
            </Link>
          </Button>
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-2">
          <label htmlFor="commission-month" className="text-sm font-medium">
            {t.month}
          </label>
          <select
            id="commission-month"
            className={selectClass}
            value={month}
            onChange={(event) => setMonth(event.target.value)}
          >
            {choices.months.map((m) => (
              <option key={m} value={m}>
                {monthLabel(m)} — {COMMISSION_STATUS_LABELS[choices.status.get(m) ?? 'aberto']}
              </option>
            ))}
          </select>
        </div>
        <Button asChild variant="outline">
          <a href={commissionFileUrl(partnerId, month, 'pdf')} download data-testid="commission-pdf">
            <Download aria-hidden="true" />
            {t.pdf}
          </a>
        </Button>
        <Button asChild variant="outline">
          <a href={commissionFileUrl(partnerId, month, 'csv')} download data-testid="commission-csv">
            <Download aria-hidden="true" />
            {t.csv}
          </a>
        </Button>
      </div>
      {statement.isPending ? (
        <ListSkeleton label={t.loading} count={1} className="grid" itemClassName="h-40" />
      ) : statement.isError ? (
        <LoadError error={statement.error} />
      ) : (
        <Statement statement={statement.data} />
      )}
    </>
  );
}

function when(iso: string | null, timeZone: string) {
  const at = formatDateAndTime(iso, timeZone);
  return at ? `${at.date} ${at.time.slice(0, 5)}` : '—';
}

function Statement({ statement: s }: { statement: CommissionStatement }) {
  const [asking, setAsking] = useState<CommissionStatus | null>(null);
  const change = useSetCommissionStatus(s.partner.id, s.month);
  const confirm = () => {
    if (!asking) return;
    change.mutate(asking, {
      onSuccess: () => toast(asking === 'fechado' ? t.closeSuccess : t.paySuccess),
      onError: toastFailure(t.failure),
      onSettled: () => setAsking(null),
    });
  };
  const label = monthLabel(s.month);

  return (
    <Card>
      <CardContent className="grid gap-4 p-4">
        <div className="flex flex-wrap items-center gap-3" data-testid="commission-status">
          <span className="text-sm font-medium">{t.status}</span>
          <Badge variant={s.status === 'pago' ? 'success' : s.status === 'fechado' ? 'secondary' : 'outline'}>
            {COMMISSION_STATUS_LABELS[s.status]}
          </Badge>
          <span className="text-muted-foreground text-sm">
            {s.status === 'aberto' ? t.open : t.closedBy(s.closedBy?.name ?? '—', when(s.closedAt, s.timeZone))}
            {s.status === 'pago' ? ` ${t.paidBy(s.paidBy?.name ?? '—', when(s.paidAt, s.timeZone))}` : null}
          </span>
          <span className="text-sm">
            {t.commission}: <strong className="tabular-nums">{formatBasisPoints(s.commissionBasisPoints)}</strong>
          </span>
          <div className="flex gap-2 sm:ml-auto">
            {s.status === 'aberto' ? <Button onClick={() => setAsking('fechado')}>{t.close}</Button> : null}
            {s.status === 'fechado' ? <Button onClick={() => setAsking('pago')}>{t.pay}</Button> : null}
          </div>
        </div>
        <div className="overflow-x-auto">
          <table aria-label={t.tableLabel} className="w-full text-sm">
            <thead className="text-muted-foreground text-left">
              <tr className="border-b">
                <th scope="col" className="px-3 py-2 font-medium">
                  {t.screen}
                </th>
                {[t.plays, t.gross, t.share].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {s.screens.length === 0 ? (
                <tr>
                  <td colSpan={4} className="text-muted-foreground px-3 py-6 text-center">
                    {t.empty}
                  </td>
                </tr>
              ) : (
                s.screens.map((l) => (
                  <tr key={l.id}>
                    <td className="px-3 py-2">{l.name}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCount(l.plays)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(l.grossCents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatCents(l.commissionCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
            <tfoot className="border-t-2 font-semibold">
              <tr data-testid="commission-totals">
                <td className="px-3 py-2">{t.total}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCount(s.totals.plays)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.totals.grossCents)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatCents(s.totals.commissionCents)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="text-muted-foreground text-xs">{COMMISSION_RULE_LINES.join(' ')}</p>
      </CardContent>
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && !change.isPending && setAsking(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{asking === 'pago' ? t.payTitle : t.closeTitle}</AlertDialogTitle>
            <AlertDialogDescription>
              {asking === 'pago' ? t.payConfirm(label) : t.closeConfirm(label)}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={change.isPending}>{t.cancel}</AlertDialogCancel>
            <PendingButton
              onClick={confirm}
              pending={change.isPending}
              pendingLabel={asking === 'pago' ? t.paying : t.closing}
            >
              {asking === 'pago' ? t.pay : t.close}
            </PendingButton>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
