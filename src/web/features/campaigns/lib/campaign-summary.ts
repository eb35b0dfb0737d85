import { WEEKDAY_SHORT_LABELS, type Campaign } from '@contract/campaigns';
import { localTime, type CampaignSchedule } from '@contract/schedule';
import { campaignLabels as l } from '@web/i18n/campaigns';

/** Monday first, as a pt-BR week is read ("Seg a Sex"); Sunday closes it. */
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** Where a campaign plays: "Todas as telas", "3 dispositivos e 1 grupo", or "Nenhuma tela" (a draft). */
export function targetsSummary(campaign: Pick<Campaign, 'allDevices' | 'deviceIds' | 'groupIds'>): string {
  if (campaign.allDevices) return l.summary.allScreens;
  const parts = [
    campaign.deviceIds.length > 0 ? l.summary.devices(campaign.deviceIds.length) : null,
    campaign.groupIds.length > 0 ? l.summary.groups(campaign.groupIds.length) : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(' e ') : l.summary.noTargets;
}

/** "Todos os dias", "Seg a Sex", "Seg, Qua, Sex", "Seg a Qua, Sáb": runs of three days or more read as ranges. */
export function weekdaysSummary(weekdays: readonly number[]): string {
  if (DISPLAY_ORDER.every((d) => weekdays.includes(d))) return l.summary.everyDay;
  const runs: number[][] = [];
  let lastIndex = -2;
  DISPLAY_ORDER.forEach((day, index) => {
    if (!weekdays.includes(day)) return;
    if (index === lastIndex + 1) runs.at(-1)!.push(day);
    else runs.push([day]);
    lastIndex = index;
  });
  return runs
    .map((run) =>
      run.length >= 3
        ? l.summary.weekdayRange(WEEKDAY_SHORT_LABELS[run[0]!]!, WEEKDAY_SHORT_LABELS[run.at(-1)!]!)
        : run.map((d) => WEEKDAY_SHORT_LABELS[d]!).join(', '),
    )
    .join(', ');
}

/** "11:30–14:00", "a partir de 18:00", "até 10:00", or "o dia todo". */
export function hoursSummary(startTime: string | null, endTime: string | null): string {
  if (startTime && endTime) return l.summary.range(startTime, endTime);
  if (startTime) return l.summary.from(startTime);
  if (endTime) return l.summary.until(endTime);
  return l.summary.allDay;
}

/** "Seg a Sex, 11:30–14:00"; a schedule of every day, all day, reads "Todos os dias". */
export function scheduleSummary(schedule: CampaignSchedule): string {
  const days = weekdaysSummary(schedule.weekdays);
  if (!schedule.startTime && !schedule.endTime) return days;
  return `${days}, ${hoursSummary(schedule.startTime, schedule.endTime)}`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the workspace's wall clock reads it: "05/06/2026 11:30". */
export function formatZoned(iso: string, timeZone: string): string {
  const at = localTime(new Date(iso), timeZone);
  return `${two(at.day)}/${two(at.month)}/${at.year} ${two(Math.floor(at.minutes / 60))}:${two(at.minutes % 60)}`;
}

/** The campaign's period in the workspace's time zone. */
export function datesSummary(startDate: string | null, endDate: string | null, timeZone: string): string {
  if (startDate && endDate)
    return l.summary.datesBoth(formatZoned(startDate, timeZone), formatZoned(endDate, timeZone));
  if (startDate) return l.summary.datesFrom(formatZoned(startDate, timeZone));
  if (endDate) return l.summary.datesUntil(formatZoned(endDate, timeZone));
  return l.summary.noDates;
}

/** Lower case without accents, so "promocao" finds "Promoção". */
export const normalizeSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export function filterCampaigns<C extends { name: string }>(campaigns: readonly C[], search: string): C[] {
  const term = normalizeSearch(search);
  return term ? campaigns.filter((c) => normalizeSearch(c.name).includes(term)) : [...campaigns];
}
