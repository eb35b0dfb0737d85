import type { DeviceGroup } from '@contract/devices';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import { FolderCog } from 'lucide-react';
import type { DeviceFormControl } from '../lib/device-form';
import { OptionalIdSelect } from './optional-id-select';

type Props = { form: DeviceFormControl; groups: DeviceGroup[] | undefined; onManage: () => void };

/** The device form's "Grupo" select, with "Gerenciar grupos" beside its label. */
export function DeviceGroupField({ form, groups, onManage }: Props) {
  const error = form.formState.errors.groupId?.message;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor="device-group">{t.devices.form.group}</Label>
        <Button variant="link" size="sm" className="-my-1 h-auto gap-1 p-0 text-sm" onClick={onManage}>
          <FolderCog aria-hidden="true" />
          {t.devices.form.manageGroups}
        </Button>
      </div>
      <OptionalIdSelect
        form={form}
        name="groupId"
        id="device-group"
        error={error}
        noneLabel={t.devices.form.noGroup}
        options={groups}
      />
      {error ? (
        <p id="device-group-error" className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </div>
  );
}
