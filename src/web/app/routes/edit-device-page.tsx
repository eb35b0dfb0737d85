import '@web/lib/zod-setup';
import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { t } from '@web/i18n/pt-br';
import { getErrorStatus } from '@web/lib/api-error';
import { useParams } from 'wouter';
import { parseDeviceId, useDevice } from '@web/features/devices/api/get-device';
import { DeviceFormWithGroups } from './device-form-with-groups';
import { DeviceFormSkeleton } from '@web/features/devices/components/device-form-skeleton';
import { DeviceNotFound } from '@web/features/devices/components/device-not-found';
import { DeviceHealthCard } from '@web/features/devices/components/device-health-card';

/** /devices/edit/{id} (docs/product.md#screens): skeleton, not found, or the form prefilled with the device and its screen health. */
export default function EditDevicePage() {
  const params = useParams<{ id: string }>();
  const id = parseDeviceId(params.id);
  const device = useDevice(id);
  const missing = id === null || (device.isError && getErrorStatus(device.error) === 404);

  return (
    <div className="mx-auto w-full max-w-3xl">
      {missing ? (
        <DeviceNotFound />
      ) : (
        <>
          <PageHeader title={t.devices.form.editTitle} description={t.devices.form.editSubtitle} />
          {device.isPending ? (
            <DeviceFormSkeleton />
          ) : device.isError ? (
            <LoadError error={device.error} />
          ) : (
            <>
              {/* Keyed: another device (or the same one read again after a save) starts a fresh form. */}
              <DeviceFormWithGroups key={device.data.id} mode="edit" device={device.data} />
              {/* Outside the form: what the TV says of itself, not something to edit (docs/screen-health.md#the-panel). */}
              <div className="mt-6">
                <DeviceHealthCard health={device.data.health} />
              </div>
            </>
          )}
        </>
      )}
    </div>
  );
}
