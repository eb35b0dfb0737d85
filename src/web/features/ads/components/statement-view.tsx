import {
  AD_STATEMENT_LABELS as L,
  campaignLabel,
  formatCents,
  formatCountBr,
  formatDayBr,
  formatPeriodBr,
  screenLabel,
} from '@contract/ad-statement-format';
import type { AdStatement } from '@contract/ad-statements';
import { formatDocument } from '@contract/ads-forms';
import { Card } from '@web/components/ui/card';
import { adStatementLabels as l } from '@web/i18n/ad-statements';
import type { ReactNode } from 'react';

/**
 * A statement as the admin's page and the public link's show it (docs/ads.md#statements): who and
 * when, the totals, the campaigns, and the plays per screen and day, in the same words as its PDF.
 */
export function StatementView({ statement }: { statement: AdStatement }) {
  const { advertiser, totals } = statement;
  return (
    <div className="grid gap-6">
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-muted-foreground">{L.company}</dt>
        <dd data-testid="statement-company">{statement.company.name}</dd>
        <dt className="text-muted-foreground">{L.advertiser}</dt>
        <dd data-testid="statement-advertiser">
          {advertiser.name}
          {advertiser.document ? ` (${formatDocument(advertiser.document)})` : ''}
        </dd>
        <dt className="text-muted-foreground">{L.period}</dt>
        <dd data-testid="statement-period">{formatPeriodBr(statement.period)}</dd>
      </dl>

      <ul aria-label={l.totalsLabel} className="grid gap-4 sm:grid-cols-3">
        <Total testId="statement-total-plays" label={L.plays} value={formatCountBr(totals.plays)} />
        <Total testId="statement-total-audience" label={L.audience} value={formatCountBr(totals.audience)} />
        <Total testId="statement-total-amount" label={L.amount} value={formatCents(totals.amountCents)} />
      </ul>

      {statement.screens.length === 0 ? (
        <p className="text-muted-foreground text-sm">{l.empty}</p>
      ) : (
        <>
          {statement.campaigns.length > 1 ? (
            <Table label={l.campaignsLabel} first={[L.campaign]}>
              {statement.campaigns.map((c) => (
                <tr key={c.id}>
                  <td className="px-4 py-2">{campaignLabel(c)}</td>
                  <Figures figures={c} />
                </tr>
              ))}
            </Table>
          ) : null}
          <Table
            label={l.tableLabel}
            first={[L.screen, L.day]}
            footer={
              <tr className="border-t font-semibold">
                <td className="px-4 py-2" colSpan={2}>
                  {L.total}
                </td>
                <Figures figures={totals} />
              </tr>
            }
          >
            {statement.screens.flatMap((screen) =>
              screen.days.map((d) => (
                <tr key={`${screen.id}-${d.day}`} data-testid="statement-row">
                  <td className="px-4 py-2">
                    {screenLabel(screen)}
                    {screen.location ? <span className="text-muted-foreground"> · {screen.location}</span> : null}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap tabular-nums">{formatDayBr(d.day)}</td>
                  <Figures figures={d} />
                </tr>
              )),
            )}
          </Table>
        </>
      )}
    </div>
  );
}

function Total({ testId, label, value }: { testId: string; label: string; value: string }) {
  return (
    <li>
      <Card className="grid gap-1 p-4">
        <span className="text-muted-foreground text-sm">{label}</span>
        <span data-testid={testId} className="text-2xl font-bold tabular-nums">
          {value}
        </span>
      </Card>
    </li>
  );
}

function Figures({ figures }: { figures: { plays: number; audience: number; amountCents: number } }) {
  return (
    <>
      <td className="px-4 py-2 text-right tabular-nums">{formatCountBr(figures.plays)}</td>
      <td className="px-4 py-2 text-right tabular-nums">{formatCountBr(figures.audience)}</td>
      <td className="px-4 py-2 text-right whitespace-nowrap tabular-nums">{formatCents(figures.amountCents)}</td>
    </>
  );
}

function Table({
  label,
  first,
  children,
  footer,
}: {
  label: string;
  first: string[];
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Card className="overflow-x-auto">
      <table aria-label={label} className="w-full text-sm">
        <caption className="px-4 pt-3 text-left font-semibold">{label}</caption>
        <thead className="text-muted-foreground text-left">
          <tr className="border-b">
            {first.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-medium">
                {h}
              </th>
            ))}
            {[L.plays, L.audience, L.amount].map((h) => (
              <th key={h} scope="col" className="px-4 py-2 text-right font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </Card>
  );
}
