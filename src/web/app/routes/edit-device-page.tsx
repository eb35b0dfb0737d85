import '@web/lib/zod-setup';
import { LoadError } from '@web/components/load-error';
import { messages } from '@contract/messages';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { getErrorStatus } from '@web/lib/api-error';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ArrowLeft, MonitorX } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { parseDeviceId, useDevice } from '@web/features/devices/api/get-device';
import { DeviceFormWithGroups } from './device-form-with-groups';
import { DeviceFormSkeleton } from '@web/features/devices/components/device-form-skeleton';

/** /devices/edit/{id} (SPEC §2): skeleton, not found, or the form prefilled with the device. */
export default function EditDevicePage() {
  const params = useParams<{ id: string }>();
  const id = parseDeviceId(params.id);
  const device = useDevice(id);
  const missing = id === null || (device.isError && getErrorStatus(device.error) === 404);

  return (
    <div className="mx-auto w-full max-w-3xl">
      {missing ? (
        <NotFound />
      ) : (
        <>
          <PageHeader title={t.devices.form.editTitle} description={t.devices.form.editSubtitle} />
          {device.isPending ? (
            <DeviceFormSkeleton />
          ) : device.isError ? (
            <LoadError error={device.error} />
          ) : (
            // Keyed: another device (or the same one read again after a save) starts a fresh form.
            <DeviceFormWithGroups key={device.data.id} mode="edit" device={device.data} />
          )}
        </>
      )}
    </div>
  );
}

function NotFound() {
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
