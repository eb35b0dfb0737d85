import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { moveIndexToFront } from './faststart';
import { filesUnder, testClip } from '../../test/uploads';
import { topLevelBoxes } from './mp4-boxes';
import type { ReceivedFile } from './upload-receiver';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const box = (type: string, body: Buffer) =>
  Buffer.concat([
    Buffer.from([0, 0, (body.length + 8) >> 8, (body.length + 8) & 0xff]),
    Buffer.from(type, 'latin1'),
    body,
  ]);

/** A logger that keeps its warnings (only what the code under test logs is read). */
function recordingLog() {
  const warnings: string[] = [];
  const log = { warn: (_obj: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

function received(dir: string, content: Buffer, mimeType: ReceivedFile['mimeType']): ReceivedFile {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.part`);
  writeFileSync(file, content);
  return { path: file, size: content.length, sha256: sha256(content), mimeType };
}

describe('moving a video index to the front', () => {
  it('rewrites an end-indexed MP4 moov-first, with the new file’s size and hash, and removes the original', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-faststart-'));
    const upload = received(dir, await testClip('mp4'), 'video/mp4');
    expect((await topLevelBoxes(upload.path)).map((b) => b.type)).toEqual(['ftyp', 'free', 'mdat', 'moov']);
    const { log, warnings } = recordingLog();
    const result = await moveIndexToFront(upload, dir, log);
    expect(result.path).not.toBe(upload.path);
    expect(existsSync(upload.path)).toBe(false);
    const bytes = readFileSync(result.path);
    expect(result).toMatchObject({ size: bytes.length, sha256: sha256(bytes), mimeType: 'video/mp4' });
    const types = (await topLevelBoxes(result.path)).map((b) => b.type);
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));
    expect(warnings).toEqual([]);
    // Already index-first: left as it is.
    expect(await moveIndexToFront(result, dir, log)).toBe(result);
    expect(filesUnder(dir)).toEqual([result.path]);
  });

  it('keeps the upload as it came, with a warning, when ffmpeg cannot rewrite it; other formats are not touched', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-faststart-'));
    // Boxes in the end-indexed order, but nothing ffmpeg can read inside them.
    const broken = Buffer.concat([
      box('ftyp', Buffer.from('isom\0\0\x02\0isom', 'latin1')),
      box('mdat', Buffer.alloc(512, 7)),
      box('moov', Buffer.alloc(64, 3)),
    ]);
    const upload = received(dir, broken, 'video/mp4');
    const { log, warnings } = recordingLog();
    expect(await moveIndexToFront(upload, dir, log)).toBe(upload);
    expect(readFileSync(upload.path).equals(broken)).toBe(true);
    expect(warnings).toHaveLength(1);
    expect(filesUnder(dir)).toEqual([upload.path]);

    const webm = received(dir, await testClip('webm'), 'video/webm');
    expect(await moveIndexToFront(webm, dir, log)).toBe(webm);
    expect(warnings).toHaveLength(1);
  });
});
