import type { PlayRecord } from '@contract/plays';

/** A buffered record and the key that deletes it. */
export interface StoredPlay {
  key: number;
  play: PlayRecord;
}

/**
 * Where the TV keeps its proof-of-play records until the server has them: IndexedDB (kept across
 * reloads and power cuts), in memory where IndexedDB is missing. Keys grow with each record, so
 * `oldest` reads in the order they were made.
 */
export interface PlayStore {
  add(plays: PlayRecord[]): Promise<void>;
  oldest(limit: number): Promise<StoredPlay[]>;
  remove(keys: number[]): Promise<void>;
  count(): Promise<number>;
  clear(): Promise<void>;
}

export function createMemoryPlayStore(): PlayStore {
  const rows = new Map<number, PlayRecord>();
  let next = 0;
  return {
    add: async (plays) => void plays.forEach((play) => rows.set(++next, play)),
    oldest: async (limit) => [...rows].slice(0, limit).map(([key, play]) => ({ key, play })),
    remove: async (keys) => void keys.forEach((key) => rows.delete(key)),
    count: async () => rows.size,
    clear: async () => rows.clear(),
  };
}

const DB_NAME = 'sinalize-player';
const STORE = 'plays';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });

function openIndexedDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE, { autoIncrement: true });
  return done(request);
}

function indexedDbStore(db: IDBDatabase): PlayStore {
  const run = async (mode: IDBTransactionMode, work: (store: IDBObjectStore) => void) => {
    const tx = db.transaction(STORE, mode);
    work(tx.objectStore(STORE));
    await committed(tx);
  };
  return {
    add: (plays) => run('readwrite', (store) => plays.forEach((play) => store.add(play))),
    async oldest(limit) {
      const tx = db.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      // Both lists in key order within one transaction: they match one for one.
      const [keys, plays] = await Promise.all([done(store.getAllKeys(null, limit)), done(store.getAll(null, limit))]);
      return keys.map((key, i) => ({ key: key as number, play: plays[i] as PlayRecord }));
    },
    remove: (keys) => run('readwrite', (store) => keys.forEach((key) => store.delete(key))),
    count: async () => done(db.transaction(STORE, 'readonly').objectStore(STORE).count()),
    clear: () => run('readwrite', (store) => store.clear()),
  };
}

/** IndexedDB when the browser has it and lets us open it, else memory (records then die with the page). */
export function createPlayStore(): PlayStore {
  const ready: Promise<PlayStore> = (
    typeof indexedDB === 'undefined' ? Promise.reject(new Error('no IndexedDB')) : openIndexedDb().then(indexedDbStore)
  ).catch(() => createMemoryPlayStore());
  return {
    add: async (plays) => (await ready).add(plays),
    oldest: async (limit) => (await ready).oldest(limit),
    remove: async (keys) => (await ready).remove(keys),
    count: async () => (await ready).count(),
    clear: async () => (await ready).clear(),
  };
}
