import { AD_STATEMENT_LABELS } from '@contract/ad-statement-format';
import { BrandMark } from '@web/components/brand-mark';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { Card, CardContent } from '@web/components/ui/card';
import { adStatementLabels as l } from '@web/i18n/ad-statements';
import { formatDateAndTime } from '@web/lib/format';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { Link2Off } from 'lucide-react';
import { useParams } from 'wouter';
import { isLinkGone, usePublicStatement } from '../api/advertiser-statement';
import { StatementView } from '../components/statement-view';

/**
 * `/anunciante/:token`, the advertiser's view of its statement (docs/ads.md#statement-links): no
 * account, outside the panel, read again every 30 s. A link expired, revoked or unknown shows
 * "Link expirado" and nothing else, even over figures shown before.
 */
export default function PublicStatementPage() {
  const { token } = useParams<{ token: string }>();
  const statement = usePublicStatement(token);
  const gone = isLinkGone(statement.error);
  useDocumentTitle(gone ? l.expired : AD_STATEMENT_LABELS.title);
  const updated = formatDateAndTime(statement.dataUpdatedAt || null);

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex w-full max-w-5xl items-center px-4 py-3">
          <BrandMark />
        </div>
      </header>
      <main className="mx-auto grid w-full max-w-5xl flex-1 content-start gap-6 px-4 py-8">
        {gone ? (
          <Card className="mx-auto mt-8 max-w-md">
            <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
              <Link2Off className="text-muted-foreground size-12" aria-hidden="true" />
              <h1 className="text-2xl font-bold">{l.expired}</h1>
            </CardContent>
          </Card>
        ) : statement.data ? (
          <>
            <div className="grid gap-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{l.publicTitle}</h1>
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {l.live}
                {updated ? ` ${l.updatedAt(updated.time)}.` : ''}
              </p>
            </div>
            <StatementView statement={statement.data} />
          </>
        ) : statement.isError ? (
          <LoadError error={statement.error} />
        ) : (
          <ListSkeleton label={l.loading} count={1} className="grid" itemClassName="h-40" />
        )}
      </main>
    </div>
  );
}
