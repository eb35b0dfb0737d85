import { openingHoursSchema, OPENING_EXCEPTIONS_MAX, type OpeningHours } from '@contract/opening-hours';
import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { useMemo } from 'react';
import type { z } from 'zod';
import { RemoveIconButton } from './remove-icon-button';
import { AddButton, Errors, IntervalRow, openingHoursTexts } from './opening-hours-parts';

export { openingHoursTexts };

/** Monday first, as a week reads in Brazil; the contract counts from Sunday (0). */
const WEEKDAYS = [
  [1, 'Segunda'],
  [2, 'Terça'],
  [3, 'Quarta'],
  [4, 'Quinta'],
  [5, 'Sexta'],
  [6, 'Sábado'],
  [0, 'Domingo'],
] as const;

/** What "Sempre ligada" unticked starts from: weekdays 08:00–18:00. */
const FIRST_HOURS: OpeningHours = {
  weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  exceptions: [],
};

type Issue = { path: PropertyKey[]; message: string };

/** What a form holds: the contract's input, whose exceptions (and their intervals) may be left out. */
export type OpeningHoursValue = z.input<typeof openingHoursSchema>;

const normalized = (value: OpeningHoursValue | null | undefined): OpeningHours | null =>
  value
    ? {
        weekly: value.weekly,
        exceptions: (value.exceptions ?? []).map((e) => ({ date: e.date, intervals: e.intervals ?? [] })),
      }
    : null;

type OpeningHoursEditorProps = {
  /** Prefix of the controls' ids (several forms may be on one page). */
  id: string;
  value: OpeningHoursValue | null | undefined;
  onChange: (value: OpeningHours | null) => void;
  /** What the server said of the field (its 400), shown until the next change. */
  serverError?: string;
};

/**
 * The screen's power schedule (docs/opening-hours.md): "Sempre ligada" (null), or intervals per
 * weekday (one ending before it starts crosses midnight) and dated exceptions, closed all day or
 * with their own intervals. Checked as it is typed with the contract's schema, its pt-BR messages
 * under the interval or exception they are about.
 */
export function OpeningHoursEditor({ id, value: given, onChange, serverError }: OpeningHoursEditorProps) {
  const value = useMemo(() => normalized(given), [given]);
  const issues = useMemo<Issue[]>(() => {
    if (!value) return [];
    const result = openingHoursSchema.safeParse(value);
    return result.success ? [] : result.error.issues;
  }, [value]);
  const issueAt = (...path: PropertyKey[]) =>
    issues
      .filter((issue) => path.every((part, i) => issue.path[i] === part))
      .map((issue) => issue.message)
      .filter((message, i, all) => all.indexOf(message) === i);

  const setWeekly = (weekly: OpeningHours['weekly']) => value && onChange({ ...value, weekly });
  const setExceptions = (exceptions: OpeningHours['exceptions']) => value && onChange({ ...value, exceptions });

  return (
    <fieldset className="grid gap-4" aria-describedby={serverError ? `${id}-error` : undefined}>
      <legend className="sr-only">{openingHoursTexts.title}</legend>
      <div className="flex items-start gap-2">
        <Checkbox
          id={`${id}-always`}
          checked={value === null}
          onCheckedChange={(checked) => onChange(checked === true ? null : FIRST_HOURS)}
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-always`}>{openingHoursTexts.always}</Label>
          <p className="text-muted-foreground text-xs">{openingHoursTexts.alwaysHint}</p>
        </div>
      </div>
      {value ? (
        <>
          <ul className="grid gap-3">
            {WEEKDAYS.map(([weekday, name]) => {
              const rows = value.weekly.map((i, index) => ({ i, index })).filter(({ i }) => i.weekday === weekday);
              return (
                <li key={weekday} className="grid gap-2 sm:grid-cols-[7rem_1fr]" data-weekday={weekday}>
                  <span className="pt-2 text-sm font-medium">{name}</span>
                  <div className="grid gap-2">
                    {rows.length === 0 ? (
                      <span className="text-muted-foreground pt-2 text-sm">{openingHoursTexts.closedDay}</span>
                    ) : null}
                    {rows.map(({ i, index }, n) => (
                      <IntervalRow
                        key={index}
                        id={`${id}-w${index}`}
                        label={`${name}, horário ${n + 1}`}
                        interval={i}
                        errors={issueAt('weekly', index)}
                        onChange={(next) =>
                          setWeekly(value.weekly.map((w, k) => (k === index ? { ...w, ...next } : w)))
                        }
                        onRemove={() => setWeekly(value.weekly.filter((_, k) => k !== index))}
                      />
                    ))}
                    <AddButton
                      label={`${openingHoursTexts.add} (${name})`}
                      text={openingHoursTexts.add}
                      onClick={() => setWeekly([...value.weekly, { weekday, start: '08:00', end: '18:00' }])}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
          {value.weekly.length === 0 ? <p className="text-sm">{openingHoursTexts.noInterval}</p> : null}
          <Errors id={`${id}-weekly`} messages={issueAt('weekly').filter((m) => !isIndexed(issues, m))} />
          <ExceptionList id={id} value={value.exceptions} issueAt={issueAt} onChange={setExceptions} />
        </>
      ) : null}
      <Errors id={id} messages={serverError ? [serverError] : []} />
    </fieldset>
  );
}

/** A weekly issue that names an interval is shown under it, not again below the week. */
const isIndexed = (issues: Issue[], message: string) =>
  issues.some((issue) => issue.message === message && typeof issue.path[1] === 'number');

type ExceptionListProps = {
  id: string;
  value: OpeningHours['exceptions'];
  issueAt: (...path: PropertyKey[]) => string[];
  onChange: (value: OpeningHours['exceptions']) => void;
};

function ExceptionList({ id, value, issueAt, onChange }: ExceptionListProps) {
  const set = (index: number, next: Partial<OpeningHours['exceptions'][number]>) =>
    onChange(value.map((e, k) => (k === index ? { ...e, ...next } : e)));
  return (
    <div className="grid gap-3">
      <h4 className="text-sm font-medium">{openingHoursTexts.exceptions}</h4>
      <ul className="grid gap-3">
        {value.map((exception, index) => {
          const closed = exception.intervals.length === 0;
          const dateId = `${id}-e${index}-date`;
          return (
            <li key={index} className="grid gap-2 rounded-md border p-3" data-exception={index}>
              <div className="flex flex-wrap items-end gap-3">
                <div className="grid gap-1">
                  <Label htmlFor={dateId}>{openingHoursTexts.date}</Label>
                  <Input
                    id={dateId}
                    type="date"
                    className="w-44"
                    value={exception.date}
                    aria-invalid={issueAt('exceptions', index, 'date').length > 0 || undefined}
                    onChange={(e) => set(index, { date: e.target.value })}
                  />
                </div>
                <div className="flex items-center gap-2 pb-2">
                  <Checkbox
                    id={`${id}-e${index}-closed`}
                    checked={closed}
                    onCheckedChange={(checked) =>
                      set(index, { intervals: checked === true ? [] : [{ start: '08:00', end: '12:00' }] })
                    }
                  />
                  <Label htmlFor={`${id}-e${index}-closed`}>{openingHoursTexts.closedAllDay}</Label>
                </div>
                <RemoveIconButton
                  label={`${openingHoursTexts.removeException} ${exception.date}`.trim()}
                  onClick={() => onChange(value.filter((_, k) => k !== index))}
                />
              </div>
              <Errors id={dateId} messages={issueAt('exceptions', index, 'date')} />
              {exception.intervals.map((interval, k) => (
                <IntervalRow
                  key={k}
                  id={`${id}-e${index}-i${k}`}
                  label={`${exception.date || openingHoursTexts.date}, horário ${k + 1}`}
                  interval={interval}
                  errors={issueAt('exceptions', index, 'intervals', k)}
                  onChange={(next) =>
                    set(index, { intervals: exception.intervals.map((i, j) => (j === k ? { ...i, ...next } : i)) })
                  }
                  onRemove={() => set(index, { intervals: exception.intervals.filter((_, j) => j !== k) })}
                />
              ))}
              {!closed && exception.intervals.length < 4 ? (
                <AddButton
                  label={`${openingHoursTexts.add} (${exception.date || openingHoursTexts.date})`}
                  text={openingHoursTexts.add}
                  onClick={() => set(index, { intervals: [...exception.intervals, { start: '14:00', end: '18:00' }] })}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
      {value.length < OPENING_EXCEPTIONS_MAX ? (
        <AddButton
          label={openingHoursTexts.addException}
          text={openingHoursTexts.addException}
          onClick={() => onChange([...value, { date: '', intervals: [] }])}
        />
      ) : null}
    </div>
  );
}
