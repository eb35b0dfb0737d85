import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { t } from '@web/i18n/pt-br';
import type { FormEventHandler } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PlaylistInfoData, PlaylistInfoValues } from '../lib/playlist-form';

export const INFO_FORM_ID = 'playlist-info-form';

type InfoStepProps = {
  form: UseFormReturn<PlaylistInfoValues, unknown, PlaylistInfoData>;
  onSubmit: FormEventHandler<HTMLFormElement>;
};

/** Step 1, "Informações da Playlist": name (required), description, start date, days (0 = infinite). */
export function InfoStep({ form, onSubmit }: InfoStepProps) {
  const { errors } = form.formState;
  const l = t.playlists.wizard.info;
  return (
    // The wizard's "Próximo" button submits this form (Enter in a field does too).
    <form id={INFO_FORM_ID} onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-5">
      <Field
        id="playlist-name"
        label={
          <>
            {l.name}{' '}
            <span className="text-destructive" aria-hidden="true">
              *
            </span>
          </>
        }
        error={errors.name?.message}
      >
        <Input
          {...fieldA11y('playlist-name', errors.name?.message)}
          aria-required="true"
          autoComplete="off"
          maxLength={120}
          placeholder={l.namePlaceholder}
          {...form.register('name')}
        />
      </Field>
      <Field id="playlist-description" label={l.description} error={errors.description?.message}>
        <Textarea
          {...fieldA11y('playlist-description', errors.description?.message)}
          rows={3}
          maxLength={1000}
          placeholder={l.descriptionPlaceholder}
          {...form.register('description')}
        />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field id="playlist-start-date" label={l.startDate} error={errors.startDate?.message} hint={l.startDateHint}>
          <Input
            {...fieldA11y('playlist-start-date', errors.startDate?.message, l.startDateHint)}
            type="date"
            {...form.register('startDate')}
          />
        </Field>
        <Field
          id="playlist-duration-days"
          label={l.durationDays}
          error={errors.durationDays?.message}
          hint={l.durationDaysHint}
        >
          <Input
            {...fieldA11y('playlist-duration-days', errors.durationDays?.message, l.durationDaysHint)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            {...form.register('durationDays')}
          />
        </Field>
      </div>
    </form>
  );
}
