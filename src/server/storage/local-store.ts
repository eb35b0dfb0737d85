import { copyFile, mkdir, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertSafeKey, ObjectNotFoundError, type ByteRange, type MediaStore } from './types';

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Media in a local folder (the embedded default, `DATA_DIR/media`). */
export function createLocalStore(dir: string): MediaStore {
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(dir, key);
  };
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => (ready ??= mkdir(dir, { recursive: true }));

  return {
    kind: 'local',

    async putFile(key, filePath) {
      await ensureDir();
      const target = fileOf(key);
      try {
        // Upload temp files live under DATA_DIR too, so this is normally an atomic rename: a file
        // appears in the store whole or not at all.
        await rename(filePath, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // A media folder on another disk: copy beside the target, then rename into place.
        const partial = `${target}.partial`;
        await copyFile(filePath, partial);
        await rename(partial, target);
        await unlink(filePath);
      }
    },

    async read(key, range?: ByteRange): Promise<Readable> {
      // Opening first turns a missing file into an error here, not one emitted mid-response.
      const handle = await open(fileOf(key), 'r').catch((error: unknown) => {
        throw isMissing(error) ? new ObjectNotFoundError(key) : error;
      });
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },

    async size(key) {
      try {
        return (await stat(fileOf(key))).size;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },

    async *list() {
      const names = await readdir(dir).catch((error: unknown) => {
        if (isMissing(error)) return [] as string[];
        throw error;
      });
      for (const name of names) {
        // Gone meanwhile (deleted by a request), or not a plain file: not an object.
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) yield { key: name, lastModified: info.mtime };
      }
    },
  };
}
