import { AD_STATEMENT_MAX_DAYS, daysBetween } from '@contract/ad-statements';
import { adStatementMessages } from '@contract/ad-statements-messages';
import { AccessDenied } from '@web/components/access-denied';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { PeriodPicker } from '@web/components/period-picker';
import { Button } from '@web/components/ui/button';
import { partyCommonLabels } from '@web/i18n/ads';
import { adStatementLabels as l } from '@web/i18n/ad-statements';
import { useSession } from '@web/lib/session';
import { ArrowLeft, FileDown, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { statementFileUrl, useAdvertiserStatement, type StatementPeriod } from '../api/advertiser-statement';
import { StatementLinks } from '../components/statement-links';
import { StatementView } from '../components/statement-view';

/** Why a from/to pair cannot be asked for (the API's own rules, said before asking), or null. */
function problemOf({ from, to }: StatementPeriod): string | null {
  if (to < from) return adStatementMessages.endBeforeStart;
  return daysBetween(from, to) >= AD_STATEMENT_MAX_DAYS ? adStatementMessages.tooLong : null;
}

/** /advertisers/:id/statement, "Extrato": admins only, like Anunciantes (docs/ads.md#statements). */
export default function AdvertiserStatementPage() {
  const { isAdmin } = useSession();
  return isAdmin ? <Statement /> : <AccessDenied hint={partyCommonLabels.accessDeniedHint} />;
}

function Statement() {
  const id = Number(useParams<{ id: string }>().id);
  // null: the server's default period (this month, in the workspace's time zone), then what is typed.
  const [period, setPeriod] = useState<StatementPeriod | null>(null);
  const statement = useAdvertiserStatement(id, period, Number.isInteger(id) && id > 0);
  const current = period ?? statement.data?.period ?? null;

  return (
    <>
      <PageHeader
        title={statement.data ? l.title(statement.data.advertiser.name) : l.loadingTitle}
        description={l.subtitle}
        actions={
          <>
            <Button variant="ghost" asChild>
              <Link href="/advertisers">
                <ArrowLeft aria-hidden="true" />
                {l.back}
              </Link>
            </Button>
            {current ? (
              <>
                <Button variant="outline" asChild>
                  <a href={statementFileUrl(id, current, 'pdf')} download>
                    <FileDown aria-hidden="true" />
                    {l.downloadPdf}
                  </a>
                </Button>
                <Button variant="outline" asChild>
                  <a href={statementFileUrl(id, current, 'csv')} download>
                    <FileSpreadsheet aria-hidden="true" />
                    {l.downloadCsv}
                  </a>
                </Button>
              </>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6">
        {current && statement.data ? (
          <PeriodPicker
            period={current}
            timeZone={statement.data.timeZone}
            now={new Date()}
            onChange={setPeriod}
            problemOf={problemOf}
            idPrefix="statement"
          />
        ) : null}
        {statement.isPending ? (
          <ListSkeleton label={l.loading} count={1} className="grid" itemClassName="h-40" />
        ) : statement.isError ? (
          <LoadError error={statement.error} />
        ) : (
          <StatementView statement={statement.data} />
        )}
        {current && statement.data ? <StatementLinks advertiserId={id} period={current} /> : null}
      </div>
    </>
  );
}
