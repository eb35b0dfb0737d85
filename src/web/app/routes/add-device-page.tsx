import '@web/lib/zod-setup';
import { PageHeader } from '@web/components/page-header';
import { t } from '@web/i18n/pt-br';
import { DeviceFormWithGroups } from './device-form-with-groups';

/** /devices/add (docs/product.md#screens). */
export default function AddDevicePage() {
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageHeader title={t.devices.form.addTitle} description={t.devices.form.addSubtitle} />
      <DeviceFormWithGroups mode="create" />
    </div>
  );
}
