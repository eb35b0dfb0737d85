import { AD_GOAL_KINDS, AD_GOAL_KIND_LABELS, CAMPAIGN_TYPES, CAMPAIGN_TYPE_LABELS } from '@contract/ad-campaigns';
import { TextField } from '@web/components/text-field';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { adCampaignLabels as l } from '@web/i18n/ads';
import { Megaphone } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { Link } from 'wouter';
import type { CampaignFormControl } from '../lib/campaign-form';
import type { CampaignRefs } from '../lib/refs';

/** "Campanha" or "Anúncio" (an admin's choice: ads are admin-only, docs/ads.md#ad-campaigns). */
export function CampaignTypeField({ form }: { form: CampaignFormControl }) {
  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-describedby="campaign-type-hint">
      <legend className="mb-2 text-sm font-medium">{l.type}</legend>
      <div className="flex flex-wrap gap-4">
        {CAMPAIGN_TYPES.map((type) => (
          <label key={type} className="flex items-center gap-2 text-sm">
            <input type="radio" value={type} className="accent-primary size-4" {...form.register('type')} />
            {CAMPAIGN_TYPE_LABELS[type]}
          </label>
        ))}
      </div>
      <p id="campaign-type-hint" className="text-muted-foreground text-xs">
        {l.typeHint}
      </p>
    </fieldset>
  );
}

type AdFieldsProps = { form: CampaignFormControl; advertisers: CampaignRefs['advertisers'] };

/** An ad's card: its advertiser, its goal (plays in the flight or per hour) and its cap per screen per hour. */
export function AdFields({ form, advertisers }: AdFieldsProps) {
  const { errors } = form.formState;
  const goalKind = useWatch({ control: form.control, name: 'goalKind' }) ?? 'flight';
  const advertiserError = errors.advertiserId?.message;
  const noAdvertisers = advertisers !== undefined && advertisers.length === 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Megaphone className="text-primary size-5" aria-hidden="true" />
          {l.card}
        </CardTitle>
        <CardDescription>{l.cardHint}</CardDescription>
      </CardHeader>
      <CardContent className="grid items-start gap-4 sm:grid-cols-2">
        <Field
          id="campaign-advertiser"
          label={l.advertiser}
          error={advertiserError}
          className="sm:col-span-2"
          hint={
            noAdvertisers ? (
              <>
                {l.noAdvertisers}{' '}
                <Link href="/advertisers" className="text-primary font-medium underline underline-offset-4">
                  {l.noAdvertisersLink}
                </Link>
              </>
            ) : undefined
          }
        >
          <Controller
            control={form.control}
            name="advertiserId"
            render={({ field }) => (
              <Select
                value={field.value == null ? '' : String(field.value)}
                onValueChange={(v) => field.onChange(Number(v))}
                name={field.name}
                disabled={noAdvertisers}
              >
                <SelectTrigger
                  {...fieldA11y('campaign-advertiser', advertiserError, noAdvertisers)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                >
                  <SelectValue placeholder={advertisers ? l.advertiserPlaceholder : l.advertisersLoading} />
                </SelectTrigger>
                <SelectContent>
                  {(advertisers ?? []).map((a) => (
                    <SelectItem key={a.id} value={String(a.id)}>
                      {a.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field id="campaign-goal-kind" label={l.goalKind} error={errors.goalKind?.message}>
          <Controller
            control={form.control}
            name="goalKind"
            render={({ field }) => (
              <Select value={field.value ?? ''} onValueChange={field.onChange} name={field.name}>
                <SelectTrigger
                  {...fieldA11y('campaign-goal-kind', errors.goalKind?.message)}
                  onBlur={field.onBlur}
                  ref={field.ref}
                >
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {AD_GOAL_KINDS.map((kind) => (
                    <SelectItem key={kind} value={kind}>
                      {AD_GOAL_KIND_LABELS[kind]}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <TextField
          form={form}
          name="goalPlays"
          id="campaign-goal-plays"
          label={l.goalPlays}
          hint={l.goalPlaysHint[goalKind]}
          placeholder={l.goalPlaysPlaceholder}
          inputMode="numeric"
        />
        <TextField
          form={form}
          name="capPerHour"
          id="campaign-cap"
          label={l.capPerHour}
          hint={l.capPerHourHint}
          placeholder={l.capPerHourPlaceholder}
          inputMode="numeric"
        />
      </CardContent>
    </Card>
  );
}
