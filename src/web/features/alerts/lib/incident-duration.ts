const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long an incident lasted (or has lasted, for an open one: `end` is now), in pt-BR's short
 * units: `45 min`, `1 h 12 min`, `2 h`, `3 d 4 h`; under a minute `menos de 1 min`.
 */
export function formatIncidentDuration(start: string, end: string | null, now: number): string {
  const ms = Math.max(0, (end === null ? now : new Date(end).getTime()) - new Date(start).getTime());
  if (ms < MINUTE) return 'menos de 1 min';
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}
