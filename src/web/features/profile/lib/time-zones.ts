import { DEFAULT_TIME_ZONE } from '@contract/schedule';

/**
 * The IANA zones the browser knows, sorted, with the default and the current one always in (a
 * browser may leave out a zone the server accepts, or list only canonical names).
 */
export function timeZoneOptions(current: string | null, known: readonly string[] = supportedTimeZones()): string[] {
  const zones = new Set(known);
  zones.add(DEFAULT_TIME_ZONE);
  if (current) zones.add(current);
  return [...zones].sort((a, b) => a.localeCompare(b));
}

function supportedTimeZones(): readonly string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}
