import { Construction } from 'lucide-react';
import { t } from '@web/i18n/pt-br';
import { Card, CardContent } from './ui/card';
import { PageHeader } from './page-header';

/** Placeholder for screens that are specified but not built yet. */
export function UnderConstruction({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
          <Construction className="text-muted-foreground size-10" aria-hidden="true" />
          <p className="text-lg font-semibold">{t.common.underConstruction}</p>
          <p className="text-muted-foreground text-sm">{t.common.underConstructionHint}</p>
        </CardContent>
      </Card>
    </>
  );
}
