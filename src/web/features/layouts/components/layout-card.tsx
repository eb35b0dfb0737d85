import type { Layout } from '@contract/layouts';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { Copy, Pencil } from 'lucide-react';
import { Link } from 'wouter';
import { LayoutMap } from '@web/components/layout-map';

type Props = { layout: Layout; onRemove: (layout: Layout) => void };

/**
 * One layout: its map, name, orientation and zone count. A built-in ("Modelo") is read-only and
 * offers a copy as a new layout; the workspace's own are edited and removed.
 */
export function LayoutCard({ layout, onRemove }: Props) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4" data-testid={`layout-card-${layout.id}`}>
      <div className="flex min-h-40 items-center justify-center">
        <LayoutMap name={layout.name} orientation={layout.orientation} zones={layout.zones} />
      </div>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold" title={layout.name}>
            {layout.name}
          </h3>
          <p className="text-muted-foreground text-sm">
            {t.layouts.orientation[layout.orientation]} · {t.layouts.zoneCount(layout.zones.length)}
          </p>
        </div>
        {layout.builtIn ? <Badge variant="secondary">{t.layouts.builtInBadge}</Badge> : null}
      </div>
      <div className="mt-auto flex gap-2">
        {layout.builtIn ? (
          <Button asChild variant="outline" size="sm">
            <Link href={`/layouts/new?modelo=${layout.id}`} aria-label={t.layouts.copyAria(layout.name)}>
              <Copy aria-hidden="true" />
              {t.layouts.copy}
            </Link>
          </Button>
        ) : (
          <>
            <Button asChild variant="outline" size="sm">
              <Link href={`/layouts/${layout.id}`} aria-label={t.layouts.editAria(layout.name)}>
                <Pencil aria-hidden="true" />
                {t.layouts.edit}
              </Link>
            </Button>
            <RemoveIconButton label={t.layouts.removeAria(layout.name)} onClick={() => onRemove(layout)} />
          </>
        )}
      </div>
    </Card>
  );
}
