import type { Readable } from 'node:stream';
import type { ByteRange } from '../../contract/byte-range';

export type { ByteRange };

/**
 * Where media files live (docs/ARCHITECTURE.md#shape-of-the-system): a local folder or an S3-compatible bucket. Keys are
 * server-generated flat names (`<uuid>.<ext>`); nothing a client sends becomes a key. Every
 * method streams: no file is ever held whole in memory.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3';
  /** Stores a finished local file under `key`; the local file is consumed (moved or uploaded, then removed). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The object's bytes, or the given range of them. Throws `ObjectNotFoundError` when absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** The object's size, or null when it does not exist. */
  size(key: string): Promise<number | null>;
  /** Removes the object; removing one that does not exist is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every object in the store, page by page (for the start-up reconciliation with the media rows).
   * Includes names that are not ours (an operator's file, a bucket shared with something else):
   * the caller filters with `isMediaKey`.
   */
  list(): AsyncIterable<StoredObject>;
}

export interface StoredObject {
  key: string;
  lastModified: Date;
}

/**
 * The names the upload service gives (`<uuid>.<ext>`, `<uuid>-thumb.webp`), and the local store's
 * `.partial` copies: the only keys cleanup may ever delete.
 */
export function isMediaKey(key: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:-thumb\.webp|\.[a-z0-9]{2,5})(?:\.partial)?$/.test(
    key,
  );
}

export class ObjectNotFoundError extends Error {
  constructor(readonly key: string) {
    super(`object not found: ${key}`);
  }
}

/** Keys are ours, but a key is still checked before it touches a path or a URL. */
export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(key)) throw new Error(`invalid storage key: ${key}`);
}
