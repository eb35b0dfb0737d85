import type { Layout } from '@contract/layouts';
import { ListSkeleton } from '@web/components/list-skeleton';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { useLayouts } from '../api/get-layouts';
import { DeleteLayoutDialog } from '../components/delete-layout-dialog';
import { LayoutCard } from '../components/layout-card';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** /layouts (docs/layouts.md): the built-in templates, read-only, then the workspace's own layouts. */
export default function LayoutsPage() {
  const layouts = useLayouts();
  const [removing, setRemoving] = useState<Layout | null>(null);
  const own = layouts.data?.filter((l) => !l.builtIn) ?? [];
  const builtIn = layouts.data?.filter((l) => l.builtIn) ?? [];
  return (
    <>
      <PageHeader
        title={t.layouts.title}
        description={t.layouts.subtitle}
        actions={
          <Button asChild>
            <Link href="/layouts/new">
              <Plus aria-hidden="true" />
              {t.layouts.new}
            </Link>
          </Button>
        }
      />
      {layouts.isPending ? (
        <ListSkeleton label={t.layouts.loading} count={4} className={GRID} itemClassName="h-64" />
      ) : layouts.isError ? (
        <LoadError error={layouts.error} />
      ) : (
        <div className="grid gap-8">
          <section aria-labelledby="own-layouts" className="grid gap-3">
            <h2 id="own-layouts" className="text-lg font-semibold">
              {t.layouts.ownTitle}
            </h2>
            {own.length === 0 ? (
              <Card>
                <CardContent className="flex flex-col items-center gap-1 p-8 text-center">
                  <p className="font-semibold">{t.layouts.ownEmpty}</p>
                  <p className="text-muted-foreground text-sm">{t.layouts.ownEmptyHint}</p>
                </CardContent>
              </Card>
            ) : (
              <ul aria-labelledby="own-layouts" className={GRID}>
                {own.map((layout) => (
                  <li key={layout.id}>
                    <LayoutCard layout={layout} onRemove={setRemoving} />
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="built-in-layouts" className="grid gap-3">
            <h2 id="built-in-layouts" className="text-lg font-semibold">
              {t.layouts.builtInTitle}
            </h2>
            <ul aria-labelledby="built-in-layouts" className={GRID}>
              {builtIn.map((layout) => (
                <li key={layout.id}>
                  <LayoutCard layout={layout} onRemove={setRemoving} />
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
      <DeleteLayoutDialog layout={removing} onClose={() => setRemoving(null)} />
    </>
  );
}
