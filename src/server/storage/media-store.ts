import type { Readable } from 'node:stream';
import type { MediaStorageConfig } from '../config';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';

/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media files live (DESIGN §1): a local folder or an S3-compatible bucket. Keys are
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

export function createMediaStore(config: MediaStorageConfig): MediaStore {
  return config.kind === 's3' ? createS3Store(config) : createLocalStore(config.dir);
}
