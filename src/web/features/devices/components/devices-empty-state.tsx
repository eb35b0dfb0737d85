import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { Monitor, Plus } from 'lucide-react';
import { Link } from 'wouter';

/** No device yet (with the way to add one), or none matching the search. */
export function DevicesEmptyState({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 p-10 text-center">
        <Monitor className="text-muted-foreground mb-2 size-10" aria-hidden="true" />
        <p className="text-lg font-semibold">{searching ? t.devices.emptySearch : t.devices.empty}</p>
        <p className="text-muted-foreground text-sm">{searching ? t.devices.emptySearchHint : t.devices.emptyHint}</p>
        {searching ? null : (
          <Button asChild className="mt-4">
            <Link href="/devices/add">
              <Plus aria-hidden="true" />
              {t.devices.add}
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
