import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaMimeType, MediaStatus } from '../../../contract/media';
import type { Database } from '../../db/client';
import type { media } from '../../db/schema';
import { insertWithinQuota } from '../../features/media/quota';
import type { MediaStore } from '../../storage/media-store';
import { nextSequence, workspaceOf, type OwnerOptions, ownerFor } from './people';

/** A 1×1 PNG: the default file, small and still an image a browser or sharp can decode. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const EXTENSIONS: Record<MediaMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

export interface MediaOptions extends OwnerOptions {
  /** Who uploaded it, when the test has no session for them (else `owner`, else a new user). */
  userId?: number;
  /** The file's bytes; by default `size` zero bytes, or a tiny PNG. */
  content?: Buffer;
  size?: number;
  mimeType?: MediaMimeType;
  duration?: number | null;
  originalName?: string;
  status?: MediaStatus;
  /** A key of the test's own (it writes that file itself, or leaves it missing): then nothing is put in the store. */
  filename?: string;
  thumbnailFilename?: string | null;
}

/**
 * A media item as an upload commits it: the file in the store (when the context has one and no
 * `filename` is named) and the row inserted by the upload's quota step, 'ready' unless said
 * otherwise. Not uploaded over HTTP, so that a test can choose a size, a type, a duration or a
 * status no small real file has; tests of the upload itself use `uploads.ts`.
 */
export async function makeMedia(
  t: { database: Database; store?: MediaStore; config?: { storageQuotaBytes: number } },
  options: MediaOptions = {},
): Promise<typeof media.$inferSelect> {
  const n = nextSequence();
  const userId = options.userId ?? (await ownerFor(t.database, options)).user.id;
  const mimeType = options.mimeType ?? 'image/png';
  const content = options.content ?? (options.size === undefined ? TINY_PNG : Buffer.alloc(options.size));
  let filename = options.filename;
  if (filename === undefined) {
    filename = `${randomUUID()}.${EXTENSIONS[mimeType]}`;
    if (t.store) await t.store.putFile(filename, writeTemp(content), mimeType);
  }
  const { row } = await insertWithinQuota(
    t.database.db,
    {
      userId,
      workspaceId: await workspaceOf(t.database, userId),
      filename,
      thumbnailFilename: options.thumbnailFilename ?? null,
      originalName: options.originalName ?? `foto-${n}.${EXTENSIONS[mimeType]}`,
      mimeType,
      size: content.length,
      duration: options.duration ?? null,
      sha256: createHash('sha256').update(content).digest('hex'),
      status: options.status ?? 'ready',
    },
    t.config?.storageQuotaBytes ?? Number.MAX_SAFE_INTEGER,
  );
  return row;
}

/** The store consumes the file it is given, so each put gets a copy of its own. */
function writeTemp(content: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'sinalize-factory-')), 'file');
  writeFileSync(file, content);
  return file;
}
