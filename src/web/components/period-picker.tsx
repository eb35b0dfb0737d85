import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import { useState } from 'react';
import { PERIOD_PRESETS, presetOf, presetPeriod, type Period } from '@web/lib/period';

/**
 * Hoje, Últimos 7 dias, Últimos 30 dias, Este mês, or any from/to (reports, advertiser statements).
 * `problemOf` says why a pair cannot be asked for (the API's own rules, said before asking): such a
 * pair is shown with its reason and not passed on. `idPrefix` names the two date fields.
 */
export function PeriodPicker({
  period,
  timeZone,
  now,
  onChange,
  problemOf,
  idPrefix,
}: {
  period: Period;
  timeZone: string;
  now: Date;
  onChange: (period: Period) => void;
  problemOf: (period: Period) => string | null;
  idPrefix: string;
}) {
  const l = t.period;
  const active = presetOf(period, now, timeZone);
  // The date fields edit a draft: a far period takes two edits, the first of which may be out of range.
  const [draft, setDraft] = useState(period);
  const [shown, setShown] = useState(period);
  if (shown !== period) {
    setShown(period);
    setDraft(period);
  }
  const error = draft.from && draft.to ? problemOf(draft) : null;
  const pick = (next: Period) => {
    setDraft(next);
    if (next.from && next.to && !problemOf(next)) onChange(next);
  };
  return (
    <fieldset className="flex flex-wrap items-end gap-3">
      <legend className="sr-only">{l.label}</legend>
      <div className="flex flex-wrap gap-1" role="group" aria-label={l.label}>
        {PERIOD_PRESETS.map((p) => (
          <Button
            key={p}
            variant={active === p ? 'default' : 'outline'}
            size="sm"
            aria-pressed={active === p}
            onClick={() => pick(presetPeriod(p, now, timeZone))}
          >
            {l[p]}
          </Button>
        ))}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>{l.from}</Label>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          className="h-9 w-40"
          value={draft.from}
          onChange={(e) => pick({ ...draft, from: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>{l.to}</Label>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          className="h-9 w-40"
          value={draft.to}
          onChange={(e) => pick({ ...draft, to: e.target.value })}
        />
      </div>
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
