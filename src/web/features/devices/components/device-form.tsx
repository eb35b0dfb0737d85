import { toastFailure } from '@web/lib/toast-failure';
import type { Partner } from '@contract/ads';
import { deviceFormSchema, type DeviceFormInput } from '@contract/ads-forms';
import {
  ORIENTATION_LABELS,
  ORIENTATIONS,
  RESOLUTION_OPTIONS,
  type Device,
  type DeviceData,
  type DeviceGroup,
  type Orientation,
} from '@contract/devices';
import { messages } from '@contract/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { applyServerIssues } from '@web/lib/form-issues';
import { useSession } from '@web/lib/session';
import { useState, type ComponentType } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useLayoutList } from '@web/lib/layout-list';
import { useCreateDevice } from '../api/create-device';
import { useUpdateDevice } from '../api/update-device';
import { freshAuthCode, initialDeviceValues, isDuplicateCodeError } from '../lib/device-form';
import { fieldsForOrientation, fieldsOfChoice, type LayoutFields } from '../lib/device-layout';
import { DeviceLayoutField } from './device-layout-field';
import { DeviceAuthCard } from './device-auth-card';
import { DeviceHoursCard } from './device-hours-card';
import { DeviceAdsCard } from './device-ads-card';
import { DeviceGroupField } from './device-group-field';

/** What the form needs of the device-groups feature, given by the route that composes both. */
export type DeviceGroupsSlot = {
  /** The caller's groups, by name (the group select); undefined while they load. */
  groups: DeviceGroup[] | undefined;
  /** The "Gerenciar grupos" dialog. */
  GroupsDialog: ComponentType<{
    open: boolean;
    onOpenChange: (open: boolean) => void;
    onGroupRemoved: (id: number) => void;
  }>;
  /** The partners of the ads feature (docs/ads.md#pages), for an admin's "Anúncios" card. */
  partners?: Partner[];
};

export type DeviceFormProps = { mode: 'create' } | { mode: 'edit'; device: Device };

const fieldNames = [
  'name',
  'location',
  'orientation',
  'layout',
  'layoutId',
  'resolution',
  'groupId',
  'authCode',
  'openingHours',
  'ads.partnerId',
  'ads.pricePerPlay',
  'ads.audiencePerPlay',
] as const;
/** The Anúncios card keeps the request's selling fields under `ads` (device-ads-card.tsx). */
const adsFieldAliases = {
  partnerId: 'ads.partnerId',
  pricePerPlayCents: 'ads.pricePerPlay',
  audiencePerPlay: 'ads.audiencePerPlay',
} as const;

/**
 * Add Device and Edit Device (docs/product.md#screens and #validation): "Informações Básicas" and "Código de Autenticação",
 * and for an admin "Anúncios" (docs/ads.md#pages).
 * A code already in use (409 / AUTH_CODE_DUPLICATE) is replaced by a new random one in the form.
 */
export function DeviceForm(props: DeviceFormProps & DeviceGroupsSlot) {
  const isEdit = props.mode === 'edit';
  const device = isEdit ? props.device : null;
  const [, navigate] = useLocation();
  const create = useCreateDevice();
  const update = useUpdateDevice();
  const { groups, GroupsDialog, partners } = props;
  const { isAdmin } = useSession();
  const [groupsOpen, setGroupsOpen] = useState(false);
  // Lazily, once: a new device opens with a fresh random code.
  const [defaultValues] = useState(() => initialDeviceValues(device, isAdmin));
  const form = useForm<DeviceFormInput, unknown, DeviceData>({
    resolver: zodResolver(deviceFormSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  const pending = create.isPending || update.isPending;

  const replaceCode = () => {
    form.setValue('authCode', freshAuthCode(form.getValues('authCode')), { shouldDirty: true, shouldValidate: true });
  };

  const onError = (fallback: { title: string; description: string }) => (error: unknown) => {
    if (isDuplicateCodeError(error)) {
      replaceCode();
      toast({ variant: 'destructive', ...messages.devices.duplicateCode });
      return;
    }
    applyServerIssues(form.setError, error, fieldNames, adsFieldAliases);
    toastFailure(fallback)(error);
  };

  const onSubmit = form.handleSubmit((data) => {
    if (device) {
      update.mutate(
        { id: device.id, data },
        {
          onSuccess: () => {
            toast(messages.devices.updateSuccess);
            navigate('/devices');
          },
          onError: onError(messages.devices.updateFailure),
        },
      );
      return;
    }
    create.mutate(data, {
      onSuccess: () => {
        toast(messages.devices.createSuccess);
        navigate('/devices');
      },
      onError: onError(messages.devices.createFailure),
    });
  });

  const layouts = useLayoutList();
  const orientation = useWatch({ control: form.control, name: 'orientation' });
  const layoutFields = useWatch({ control: form.control, name: ['layout', 'layoutId'] });
  const setLayoutFields = ({ layout, layoutId }: LayoutFields) => {
    form.setValue('layout', layout, { shouldDirty: true });
    form.setValue('layoutId', layoutId, { shouldDirty: true });
  };

  const currentResolution = useWatch({ control: form.control, name: 'resolution' });
  // A resolution set through the API that is not one of the four options stays choosable.
  const resolutionOptions =
    !currentResolution || RESOLUTION_OPTIONS.some((o) => o.value === currentResolution)
      ? RESOLUTION_OPTIONS
      : [...RESOLUTION_OPTIONS, { value: currentResolution, label: currentResolution }];

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t.devices.form.basicInfo}</CardTitle>
            <CardDescription>{t.devices.form.basicInfoHint}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4 sm:grid-cols-2">
            <Field id="device-name" label={t.devices.form.name} error={errors.name?.message}>
              <Input
                {...fieldA11y('device-name', errors.name?.message)}
                placeholder={t.devices.form.namePlaceholder}
                autoComplete="off"
                {...form.register('name')}
              />
            </Field>
            <Field id="device-location" label={t.devices.form.location} error={errors.location?.message}>
              <Input
                {...fieldA11y('device-location', errors.location?.message)}
                placeholder={t.devices.form.locationPlaceholder}
                autoComplete="off"
                {...form.register('location')}
              />
            </Field>
            <Field id="device-orientation" label={t.devices.form.orientation} error={errors.orientation?.message}>
              <Controller
                control={form.control}
                name="orientation"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(next: Orientation) => {
                      field.onChange(next);
                      const [layout = 'single', layoutId = null] = form.getValues(['layout', 'layoutId']);
                      setLayoutFields(fieldsForOrientation({ layout, layoutId }, next, layouts.data));
                    }}
                    name={field.name}
                  >
                    <SelectTrigger
                      {...fieldA11y('device-orientation', errors.orientation?.message)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {ORIENTATIONS.map((o) => (
                        <SelectItem key={o} value={o}>
                          {ORIENTATION_LABELS[o]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <DeviceLayoutField
              value={{ layout: layoutFields[0] ?? 'single', layoutId: layoutFields[1] ?? null }}
              orientation={orientation ?? 'horizontal'}
              layouts={layouts.data}
              onChange={(choice) => setLayoutFields(fieldsOfChoice(choice, layouts.data))}
              onBlur={() => void form.trigger('layout')}
              error={errors.layout?.message ?? errors.layoutId?.message}
            />
            <Field id="device-resolution" label={t.devices.form.resolution} error={errors.resolution?.message}>
              <Controller
                control={form.control}
                name="resolution"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                    <SelectTrigger
                      {...fieldA11y('device-resolution', errors.resolution?.message)}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {resolutionOptions.map((o) => (
                        <SelectItem key={o.value} value={o.value}>
                          {o.label}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            <DeviceGroupField form={form} groups={groups} onManage={() => setGroupsOpen(true)} />
          </CardContent>
        </Card>

        <DeviceHoursCard form={form} />

        <DeviceAuthCard form={form} device={device} />

        {/* Only in an admin's form: a user's sends none of its fields, and the server keeps them. */}
        {defaultValues.ads ? <DeviceAdsCard form={form} partners={partners} /> : null}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" asChild>
            <Link href="/devices">{t.devices.form.cancel}</Link>
          </Button>
          <PendingButton
            type="submit"
            pending={pending}
            pendingLabel={isEdit ? t.devices.form.saving : t.devices.form.creating}
          >
            {isEdit ? t.devices.form.save : t.devices.form.create}
          </PendingButton>
        </div>
      </form>

      {/* Outside the form: React events bubble through portals, and its own form must not submit this one. */}
      <GroupsDialog
        open={groupsOpen}
        onOpenChange={setGroupsOpen}
        onGroupRemoved={(id) => {
          if (form.getValues('groupId') === id) form.setValue('groupId', null, { shouldDirty: true });
        }}
      />
    </>
  );
}
