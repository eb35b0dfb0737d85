import { messages } from '@contract/messages';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowLeft, MonitorX } from 'lucide-react';
import { Link } from 'wouter';

/** /devices/edit/{id} for an id that is not a device of the workspace. */
export function DeviceNotFound() {
  useDocumentTitle(messages.devices.notFound);
  return (
    <Card className="mx-auto mt-8 max-w-md">
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <MonitorX className="text-muted-foreground size-12" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{messages.devices.notFound}</h1>
        <p className="text-muted-foreground">{t.devices.form.notFoundHint}</p>
        <Button asChild className="mt-2">
          <Link href="/devices">
            <ArrowLeft aria-hidden="true" />
            {t.devices.form.back}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
