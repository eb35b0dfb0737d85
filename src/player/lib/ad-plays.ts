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

/** As stored: the hour counted (its start, ms), plays per ad id in it, the last creative per ad id. */
interface Counts {
  hour: number;
  plays: Record<string, number>;
  last: Record<string, number>;
}

const isCountRecord = (value: unknown): value is Record<string, number> =>
  !!value && typeof value === 'object' && Object.values(value).every((n) => Number.isInteger(n) && n >= 0);

function countsOf(value: unknown): Counts {
  const v = value as Partial<Counts> | null;
  return v && typeof v.hour === 'number' && isCountRecord(v.plays) && isCountRecord(v.last)
    ? { hour: v.hour, plays: v.plays, last: v.last }
    : { hour: 0, plays: {}, last: {} };
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

  /** Plays per ad in the hour starting at `hour` (none yet when the kept hour is another). */
  playsIn(hour: number): Map<number, number> {
    return this.counts.hour === hour ? mapOf(this.counts.plays) : new Map();
  }

  lastCreative(): Map<number, number> {
    return mapOf(this.counts.last);
  }

  /** A play of ad `id`'s creative `creative` in the hour starting at `hour`; a new hour starts from 0. */
  add(id: number, creative: number, hour: number) {
    const plays = this.counts.hour === hour ? this.counts.plays : {};
    this.counts = {
      hour,
      plays: { ...plays, [id]: (plays[id] ?? 0) + 1 },
      last: { ...this.counts.last, [id]: creative },
    };
    this.storage.save(this.counts);
  }

  /** A play taken in `hour` that did not show: its count is given back (the creative's turn is not). */
  remove(id: number, hour: number) {
    const played = this.counts.plays[id] ?? 0;
    if (this.counts.hour !== hour || played === 0) return;
    this.counts = { ...this.counts, plays: { ...this.counts.plays, [id]: played - 1 } };
    this.storage.save(this.counts);
  }

  /** Forgets the ads no longer in the manifest (their last creatives would pile up). */
  keepOnly(ids: ReadonlySet<number>) {
    const kept = (record: Record<string, number>) =>
      Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(Number(id))));
    const next = { hour: this.counts.hour, plays: kept(this.counts.plays), last: kept(this.counts.last) };
    if (
      Object.keys(next.last).length === Object.keys(this.counts.last).length &&
      Object.keys(next.plays).length === Object.keys(this.counts.plays).length
    )
      return;
    this.counts = next;
    this.storage.save(next);
  }
}
