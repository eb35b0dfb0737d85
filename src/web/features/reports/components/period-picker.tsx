import { reportMessages, REPORT_MAX_DAYS } from '@contract/reports';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import { useState } from 'react';
import { PERIOD_PRESETS, addDays, presetOf, presetPeriod, type Period } from '../lib/period';

/** Why a from/to pair cannot be asked for (the API's own rules, said before asking), or null. */
function problemOf({ from, to }: Period): string | null {
  if (!from || !to) return null;
  if (to < from) return reportMessages.endBeforeStart;
  return addDays(from, REPORT_MAX_DAYS - 1) < to ? reportMessages.tooLong : null;
}

/** Hoje, Últimos 7 dias, Últimos 30 dias, Este mês, or any from/to (up to 366 days). */
export function PeriodPicker({
  period,
  timeZone,
  now,
  onChange,
}: {
  period: Period;
  timeZone: string;
  now: Date;
  onChange: (period: Period) => void;
}) {
  const l = t.reports.period;
  const active = presetOf(period, now, timeZone);
  // The date fields edit a draft: a far period takes two edits, the first of which may be out of range.
  const [draft, setDraft] = useState(period);
  const [shown, setShown] = useState(period);
  if (shown !== period) {
    setShown(period);
    setDraft(period);
  }
  const error = problemOf(draft);
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
        <Label htmlFor="report-from">{l.from}</Label>
        <Input
          id="report-from"
          type="date"
          className="h-9 w-40"
          value={draft.from}
          onChange={(e) => pick({ ...draft, from: e.target.value })}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="report-to">{l.to}</Label>
        <Input
          id="report-to"
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
