import { deviceGroupInputSchema, type DeviceGroup, type DeviceGroupInput } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { OpeningHoursEditor, openingHoursTexts } from '@web/components/opening-hours-editor';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { Controller, useForm } from 'react-hook-form';
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

const fieldNames = ['name', 'description', 'openingHours', 'offlineMinutes'] as const;

/**
 * The groups dialog's form view (docs/product.md#screens and #validation): name (required),
 * description, its screens' opening hours (docs/opening-hours.md) and the minutes offline before an
 * alert (empty: the workspace's, docs/alerts.md).
 */
export function DeviceGroupForm({ group, onDone }: DeviceGroupFormProps) {
  const create = useCreateDeviceGroup();
  const update = useUpdateDeviceGroup();
  const form = useForm<DeviceGroupInput, unknown, GroupData>({
    resolver: zodResolver(deviceGroupInputSchema),
    defaultValues: {
      name: group?.name ?? '',
      description: group?.description ?? '',
      openingHours: group?.openingHours ?? null,
      offlineMinutes: group?.offlineMinutes ?? null,
    },
  });
  const onError = (fallback: { title: string; description: string }) => (error: unknown) => {
    applyServerIssues(form.setError, error, fieldNames);
    toastFailure(fallback)(error);
  };
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
          onError: onError(messages.groups.updateFailure),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        toast(messages.groups.createSuccess);
        onDone();
      },
      onError: onError(messages.groups.createFailure),
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
      <Field
        id="group-offline-minutes"
        label="Minutos offline até alertar"
        hint="Vazio: o tempo definido em Alertas para todas as telas."
        error={errors.offlineMinutes?.message}
      >
        <Input
          {...fieldA11y('group-offline-minutes', errors.offlineMinutes?.message, true)}
          type="number"
          inputMode="numeric"
          min={1}
          className="w-32"
          {...form.register('offlineMinutes', {
            setValueAs: (v: unknown) => (v === '' || v === null ? null : Number(v)),
          })}
        />
      </Field>
      <section className="grid gap-2" aria-labelledby="group-hours-title">
        <h3 id="group-hours-title" className="text-sm font-medium">
          {openingHoursTexts.title}
        </h3>
        <p className="text-muted-foreground text-xs">Vale para as telas do grupo que não têm horário próprio.</p>
        <Controller
          control={form.control}
          name="openingHours"
          render={({ field, fieldState }) => (
            <OpeningHoursEditor
              id="group-hours"
              value={field.value}
              onChange={field.onChange}
              serverError={fieldState.error?.message}
            />
          )}
        />
      </section>
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
