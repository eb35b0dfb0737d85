import type { Partner } from '@contract/ads';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { TextField } from '@web/components/text-field';
import { Field } from '@web/components/ui/field';
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
        <TextField
          form={form}
          name="ads.pricePerPlay"
          id="device-price"
          label={t.price}
          hint={t.priceHint}
          placeholder={t.pricePlaceholder}
          inputMode="decimal"
        />
        <TextField
          form={form}
          name="ads.audiencePerPlay"
          id="device-audience"
          label={t.audience}
          hint={t.audienceHint}
          placeholder={t.audiencePlaceholder}
          inputMode="numeric"
        />
      </CardContent>
    </Card>
  );
}
