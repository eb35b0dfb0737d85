import { loadJson, PLAYER_STORAGE_KEYS, saveJson } from './storage';

/** Where the counts are kept: local storage in the player, anything in a test. */
export interface AdPlaysStorage {
  load(): unknown;
  save(value: unknown): void;
}

export const localAdPlaysStorage: AdPlaysStorage = {
  load: () => loadJson(PLAYER_STORAGE_KEYS.adPlays),
  save: (value) => saveJson(PLAYER_STORAGE_KEYS.adPlays, value),
};

const HOUR_MS = 3_600_000;

/**
 * As stored: plays per ad id in each hour kept (its start, ms), the last creative per ad id. Two
 * hours are kept, not one: a zone may count the next hour (an item ending after it turns) while
 * another still counts this one, and neither may wipe the other's count.
 */
interface Counts {
  hours: Record<string, Record<string, number>>;
  last: Record<string, number>;
}

const isCountRecord = (value: unknown): value is Record<string, number> =>
  !!value && typeof value === 'object' && Object.values(value).every((n) => Number.isInteger(n) && n >= 0);

function countsOf(value: unknown): Counts {
  const v = value as { hours?: unknown; hour?: unknown; plays?: unknown; last?: unknown } | null;
  if (!v || typeof v !== 'object' || !isCountRecord(v.last)) return { hours: {}, last: {} };
  if (v.hours && typeof v.hours === 'object' && Object.values(v.hours).every(isCountRecord))
    return { hours: v.hours as Counts['hours'], last: v.last };
  // As a player before two hours were kept stored it: one hour.
  if (typeof v.hour === 'number' && isCountRecord(v.plays)) return { hours: { [v.hour]: v.plays }, last: v.last };
  return { hours: {}, last: {} };
}

/** The hours worth keeping once `hour` is counted: it, and those at most an hour from the newest. */
function recent(hours: Counts['hours'], hour: number): Counts['hours'] {
  const newest = Math.max(hour, ...Object.keys(hours).map(Number));
  return Object.fromEntries(Object.entries(hours).filter(([h]) => Number(h) >= newest - HOUR_MS));
}

const mapOf = (record: Record<string, number>) =>
  new Map(Object.entries(record).map(([id, n]): [number, number] => [Number(id), n]));

/**
 * The screen's ad plays (docs/ads.md#placement): how many times each ad played in the current hour
 * and which creative it played last, what `nextAdSlot` reads. Kept in local storage on each change,
 * so a reload, offline too, neither plays an hour's ads again nor repeats a creative. A play is
 * counted when its slot is taken (before it shows, so two zones never both take the hour's last
 * play) and given back if it does not show after all.
 */
export class AdPlays {
  private counts: Counts;

  constructor(private readonly storage: AdPlaysStorage = localAdPlaysStorage) {
    this.counts = countsOf(storage.load());
  }

  /** Plays per ad in the hour starting at `hour` (none yet when that hour is not kept). */
  playsIn(hour: number): Map<number, number> {
    return mapOf(this.counts.hours[hour] ?? {});
  }

  lastCreative(): Map<number, number> {
    return mapOf(this.counts.last);
  }

  /** A play of ad `id`'s creative `creative` in the hour starting at `hour`; a new hour starts from 0. */
  add(id: number, creative: number, hour: number) {
    const plays = this.counts.hours[hour] ?? {};
    this.counts = {
      hours: { ...recent(this.counts.hours, hour), [hour]: { ...plays, [id]: (plays[id] ?? 0) + 1 } },
      last: { ...this.counts.last, [id]: creative },
    };
    this.storage.save(this.counts);
  }

  /** A play taken in `hour` that did not show: its count is given back (the creative's turn is not). */
  remove(id: number, hour: number) {
    const plays = this.counts.hours[hour];
    const played = plays?.[id] ?? 0;
    if (played === 0) return;
    this.counts = { ...this.counts, hours: { ...this.counts.hours, [hour]: { ...plays, [id]: played - 1 } } };
    this.storage.save(this.counts);
  }

  /** Forgets the ads no longer in the manifest (their last creatives would pile up). */
  keepOnly(ids: ReadonlySet<number>) {
    const kept = (record: Record<string, number>) =>
      Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(Number(id))));
    const hours = Object.fromEntries(
      Object.entries(this.counts.hours)
        .map(([h, plays]) => [h, kept(plays)] as const)
        .filter(([, plays]) => Object.keys(plays).length > 0),
    );
    const next = { hours, last: kept(this.counts.last) };
    if (JSON.stringify(next) === JSON.stringify(this.counts)) return;
    this.counts = next;
    this.storage.save(next);
  }
}
