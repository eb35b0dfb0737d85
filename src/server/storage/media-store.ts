import type { MediaStorageConfig } from '../config';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';
import type { MediaStore } from './types';

// The drivers import the interface from types.ts, never this file: it picks them.
export {
  assertSafeKey,
  isMediaKey,
  ObjectNotFoundError,
  type ByteRange,
  type MediaStore,
  type StoredObject,
} from './types';

export function createMediaStore(config: MediaStorageConfig): MediaStore {
  return config.kind === 's3' ? createS3Store(config) : createLocalStore(config.dir);
}
