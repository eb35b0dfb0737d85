import type { Partner } from '@contract/ads';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { deviceAdsLabels as t } from '@web/i18n/ads';
import { BadgeDollarSign } from 'lucide-react';
import type { DeviceFormControl } from '../lib/device-form';
import { OptionalIdSelect } from './optional-id-select';

type Props = {
  form: DeviceFormControl;
  /** The workspace's partners (`/api/partners`); undefined while they load. */
  partners: Partner[] | undefined;
};

/**
 * The device form's "Anúncios" card, an admin's only (docs/ads.md#pages): the screen's partner, its
 * price per play typed in reais (`1,50`, sent as integer cents) and its audience per play.
 */
export function DeviceAdsCard({ form, partners }: Props) {
  const { errors } = form.formState;
  const priceError = errors.ads?.pricePerPlay?.message;
  const audienceError = errors.ads?.audiencePerPlay?.message;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BadgeDollarSign className="text-primary size-5" aria-hidden="true" />
          {t.title}
        </CardTitle>
        <CardDescription>{t.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <Field id="device-partner" label={t.partner} error={errors.ads?.partnerId?.message} className="sm:col-span-2">
          <OptionalIdSelect
            form={form}
            name="ads.partnerId"
            id="device-partner"
            error={errors.ads?.partnerId?.message}
            noneLabel={t.noPartner}
            options={partners}
          />
        </Field>
        <Field id="device-price" label={t.price} error={priceError} hint={t.priceHint}>
          <Input
            {...fieldA11y('device-price', priceError, t.priceHint)}
            inputMode="decimal"
            autoComplete="off"
            placeholder={t.pricePlaceholder}
            {...form.register('ads.pricePerPlay')}
          />
        </Field>
        <Field id="device-audience" label={t.audience} error={audienceError} hint={t.audienceHint}>
          <Input
            {...fieldA11y('device-audience', audienceError, t.audienceHint)}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t.audiencePlaceholder}
            {...form.register('ads.audiencePerPlay')}
          />
        </Field>
      </CardContent>
    </Card>
  );
}
