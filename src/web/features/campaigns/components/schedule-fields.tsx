import { CAMPAIGN_PRIORITY_LABELS, WEEKDAY_LABELS, WEEKDAY_SHORT_LABELS } from '@contract/campaigns';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { adCampaignLabels } from '@web/i18n/ads';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { Controller } from 'react-hook-form';
import { fromLocalInput, toLocalInput, toggleWeekday, type CampaignFormControl } from '../lib/campaign-form';

/** Monday first on screen, as a pt-BR week is read; the values stay 0 = Sunday. */
const DAYS_ON_SCREEN = [1, 2, 3, 4, 5, 6, 0] as const;

type ScheduleFieldsProps = {
  form: CampaignFormControl;
  timeZone: string;
  /** An ad: both dates required, never an emergency (docs/ads.md#ad-campaigns). */
  ad?: boolean;
};

/** When a campaign plays: its dates, weekdays and daily hours (workspace clock), and its priority. */
export function ScheduleFields({ form, timeZone, ad = false }: ScheduleFieldsProps) {
  const l = t.campaigns.form;
  const { errors } = form.formState;
  const weekdaysError = errors.schedule?.weekdays?.message ?? errors.schedule?.weekdays?.root?.message;
  return (
    <div className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {(['startDate', 'endDate'] as const).map((name) => {
          const id = `campaign-${name}`;
          const error = errors[name]?.message;
          return (
            <Field key={name} id={id} label={name === 'startDate' ? l.startDate : l.endDate} error={error}>
              <Controller
                control={form.control}
                name={name}
                render={({ field }) => (
                  <Input
                    {...fieldA11y(id, error)}
                    aria-describedby={['campaign-dates-hint', error ? `${id}-error` : null].filter(Boolean).join(' ')}
                    type="datetime-local"
                    value={toLocalInput(field.value as string | null, timeZone)}
                    onChange={(e) => field.onChange(fromLocalInput(e.target.value, timeZone))}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </Field>
          );
        })}
        <p id="campaign-dates-hint" className="text-muted-foreground -mt-2 text-xs sm:col-span-2">
          {ad ? adCampaignLabels.datesHint : l.datesHint}
        </p>
      </div>

      <Controller
        control={form.control}
        name="schedule.weekdays"
        render={({ field }) => {
          const value = field.value ?? [];
          return (
            <div className="grid gap-2">
              <span id="campaign-weekdays-label" className="text-sm font-medium">
                {l.weekdays}
              </span>
              <div
                role="group"
                aria-labelledby="campaign-weekdays-label"
                aria-describedby={weekdaysError ? 'campaign-weekdays-error' : undefined}
                className="flex flex-wrap gap-2"
              >
                {DAYS_ON_SCREEN.map((day) => {
                  const on = value.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={on}
                      aria-label={WEEKDAY_LABELS[day]}
                      onClick={() => field.onChange(toggleWeekday(value, day))}
                      className={cn(
                        'focus-visible:ring-ring h-9 min-w-12 rounded-md border px-3 text-sm',
                        'font-medium transition-colors focus-visible:ring-2 focus-visible:outline-none',
                        on
                          ? 'border-primary bg-primary text-primary-foreground'
                          : 'bg-card text-muted-foreground hover:bg-muted',
                      )}
                    >
                      {WEEKDAY_SHORT_LABELS[day]}
                    </button>
                  );
                })}
              </div>
              {weekdaysError ? (
                <p id="campaign-weekdays-error" className="text-destructive text-sm font-medium">
                  {weekdaysError}
                </p>
              ) : null}
            </div>
          );
        }}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        {(['startTime', 'endTime'] as const).map((name) => {
          const id = `campaign-${name}`;
          const error = errors.schedule?.[name]?.message;
          return (
            <Field key={name} id={id} label={name === 'startTime' ? l.startTime : l.endTime} error={error}>
              <Controller
                control={form.control}
                name={`schedule.${name}`}
                render={({ field }) => (
                  <Input
                    {...fieldA11y(id, error)}
                    aria-describedby={['campaign-times-hint', error ? `${id}-error` : null].filter(Boolean).join(' ')}
                    type="time"
                    value={(field.value as string | null) ?? ''}
                    onChange={(e) => field.onChange(e.target.value || null)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                )}
              />
            </Field>
          );
        })}
        <p id="campaign-times-hint" className="text-muted-foreground -mt-2 text-xs sm:col-span-2">
          {l.timesHint}
        </p>
      </div>

      <Controller
        control={form.control}
        name="priority"
        render={({ field }) => (
          <Field
            id="campaign-priority"
            label={l.priority}
            hint={l.priorityHint}
            error={errors.priority?.message}
            className="sm:max-w-xs"
          >
            <Select value={field.value ?? 'normal'} onValueChange={field.onChange} name={field.name}>
              <SelectTrigger
                {...fieldA11y('campaign-priority', errors.priority?.message, l.priorityHint)}
                onBlur={field.onBlur}
                ref={field.ref}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {/* Emergencies start from their own action; one being edited keeps its priority, but an ad may not be one. */}
                {(field.value === 'emergency'
                  ? (['normal', 'high', 'emergency'] as const)
                  : (['normal', 'high'] as const)
                ).map((p) => (
                  <SelectItem key={p} value={p} disabled={ad && p === 'emergency'}>
                    {CAMPAIGN_PRIORITY_LABELS[p]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </Field>
        )}
      />
    </div>
  );
}
