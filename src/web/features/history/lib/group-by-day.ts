import type { Activity } from '@contract/activities';

export interface DayGroup {
  /** `YYYY-MM-DD` in the workspace's time zone. */
  day: string;
  /** `Hoje`, `Ontem`, else the long pt-BR date with its weekday. */
  label: string;
  items: Activity[];
}

const dayKey = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);

/** `HH:mm` of an entry, in the workspace's time zone (the days the API's period filter means). */
export const activityTime = (createdAt: string, timeZone: string) =>
  new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' }).format(new Date(createdAt));

/**
 * The entries (newest first) under their days, in the workspace's time zone, in the order given.
 * `now` names today and yesterday.
 */
export function groupByDay(items: Activity[], timeZone: string, now: Date = new Date()): DayGroup[] {
  const today = dayKey(now, timeZone);
  const yesterday = dayKey(new Date(now.getTime() - 86_400_000), timeZone);
  const long = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const groups: DayGroup[] = [];
  for (const item of items) {
    const at = new Date(item.createdAt);
    const day = dayKey(at, timeZone);
    let group = groups[groups.length - 1];
    if (group?.day !== day) {
      const label = day === today ? 'Hoje' : day === yesterday ? 'Ontem' : long.format(at);
      group = { day, label: label.charAt(0).toUpperCase() + label.slice(1), items: [] };
      groups.push(group);
    }
    group.items.push(item);
  }
  return groups;
}
