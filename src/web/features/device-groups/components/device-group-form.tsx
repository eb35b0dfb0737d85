import { deviceGroupInputSchema, type DeviceGroup, type DeviceGroupInput } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useCreateDeviceGroup } from '../api/create-device-group';
import { useUpdateDeviceGroup } from '../api/update-device-group';

type DeviceGroupFormProps = {
  /** The group being edited; null means a new group. */
  group: DeviceGroup | null;
  /** Back to the list (after saving, or on Cancelar). */
  onDone: () => void;
};

type GroupData = z.output<typeof deviceGroupInputSchema>;

/** The groups dialog's form view (docs/product.md#screens and #validation): name (required) and description. */
export function DeviceGroupForm({ group, onDone }: DeviceGroupFormProps) {
  const create = useCreateDeviceGroup();
  const update = useUpdateDeviceGroup();
  const form = useForm<DeviceGroupInput, unknown, GroupData>({
    resolver: zodResolver(deviceGroupInputSchema),
    defaultValues: { name: group?.name ?? '', description: group?.description ?? '' },
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((data) => {
    if (group) {
      update.mutate(
        { id: group.id, data },
        {
          onSuccess: () => {
            toast(messages.groups.updateSuccess);
            onDone();
          },
          onError: toastFailure(messages.groups.updateFailure),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        toast(messages.groups.createSuccess);
        onDone();
      },
      onError: toastFailure(messages.groups.createFailure),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <Field id="group-name" label={t.deviceGroups.form.name} error={errors.name?.message}>
        <Input
          {...fieldA11y('group-name', errors.name?.message)}
          placeholder={t.deviceGroups.form.namePlaceholder}
          autoComplete="off"
          autoFocus
          {...form.register('name')}
        />
      </Field>
      <Field id="group-description" label={t.deviceGroups.form.description} error={errors.description?.message}>
        <Textarea
          {...fieldA11y('group-description', errors.description?.message)}
          placeholder={t.deviceGroups.form.descriptionPlaceholder}
          rows={3}
          {...form.register('description')}
        />
      </Field>
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={pending}>
          {t.deviceGroups.form.cancel}
        </Button>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={group ? t.deviceGroups.form.updating : t.deviceGroups.form.creating}
        >
          {group ? t.deviceGroups.form.update : t.deviceGroups.form.create}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
