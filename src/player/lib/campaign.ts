/**
 * Campaign dates of a playlist (docs/product.md#entities): it plays from `startDate` (a local calendar day,
 * `YYYY-MM-DD`) for `durationDays` days; 0 means forever, and no start date means always on.
 */
export interface CampaignDates {
  startDate: string | null;
  durationDays: number;
}

export interface CampaignState {
  active: boolean;
  /** When `active` flips next (local midnight), or null when it never will. */
  changesAt: Date | null;
}

/** Local midnight of `YYYY-MM-DD` plus `addDays`, or null for a malformed date. */
function localDay(date: string, addDays = 0): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  if (!match) return null;
  const [, y, m, d] = match;
  const day = new Date(Number(y), Number(m) - 1, Number(d) + addDays);
  return Number.isNaN(day.getTime()) ? null : day;
}

export function campaignState({ startDate, durationDays }: CampaignDates, now: Date): CampaignState {
  const start = startDate ? localDay(startDate) : null;
  // No (readable) start date: nothing to count from, so the playlist simply plays.
  if (!start) return { active: true, changesAt: null };
  if (now < start) return { active: false, changesAt: start };
  if (!durationDays || durationDays <= 0) return { active: true, changesAt: null };
  const end = localDay(startDate!, durationDays)!;
  return now < end ? { active: true, changesAt: end } : { active: false, changesAt: null };
}
