/** Period presets (reports, statements); days are the workspace's calendar days (its time zone). */
export const PERIOD_PRESETS = ['today', 'last7', 'last30', 'thisMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export type Period = { from: string; to: string };

/** `YYYY-MM-DD` of `now` in `timeZone` (en-CA writes dates that way). */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function presetPeriod(preset: PeriodPreset, now: Date, timeZone: string): Period {
  const today = dayIn(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The preset a period is, if any (so a custom pick that happens to match lights the button). */
export function presetOf(period: Period, now: Date, timeZone: string): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((p) => {
      const candidate = presetPeriod(p, now, timeZone);
      return candidate.from === period.from && candidate.to === period.to;
    }) ?? null
  );
}
