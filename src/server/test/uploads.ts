import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Media } from '../../contract/media';
import { ffmpegBinaries } from '../features/media/ffmpeg';

/** Test support for the media API: real images (sharp) and real clips (ffmpeg), sent as multipart. */

export interface FilePart {
  content: Buffer;
  filename: string;
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body, built by hand so the tests control every byte of it. */
export function multipart(file: FilePart) {
  const boundary = `----sinalize${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
      `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
  );
  const payload = Buffer.concat([head, file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function upload(app: FastifyInstance, cookie: string | undefined, file: FilePart) {
  const { payload, headers } = multipart(file);
  return app.inject({
    method: 'POST',
    url: '/api/media/upload',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload,
  });
}

/** A PNG of random-looking pixels (so it does not compress): about width × height × 3 bytes. */
export function noisePng(width: number, height: number, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed >>> 0;
  for (let i = 0; i < pixels.length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

export const solidJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

const clips = new Map<string, Promise<Buffer>>();

const CLIP_FORMATS = {
  mp4: ['-c:v', 'mpeg4', '-q:v', '10', '-f', 'mp4'],
  mov: ['-c:v', 'mpeg4', '-q:v', '10', '-f', 'mov'],
  webm: ['-c:v', 'libvpx', '-b:v', '200k', '-f', 'webm'],
  mkv: ['-c:v', 'mpeg4', '-q:v', '10', '-f', 'matroska'],
};

/** A 3-second 320×240 test-pattern clip, made once per worker (mkv is one we refuse). */
export function testClip(format: keyof typeof CLIP_FORMATS): Promise<Buffer> {
  let clip = clips.get(format);
  if (!clip) {
    clip = (async () => {
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'sinalize-clip-')), `clip.${format}`);
      await promisify(execFile)(ffmpegBinaries().ffmpeg, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=3:size=320x240:rate=10',
        '-pix_fmt',
        'yuv420p',
        ...CLIP_FORMATS[format],
        out,
      ]);
      return readFileSync(out);
    })();
    clips.set(format, clip);
  }
  return clip;
}

/** Every file under a folder (recursively), for "nothing was left on disk" checks. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/**
 * Polls the media list until the item's processing has ended (docs/media.md#processing: the upload answers
 * before the thumbnail, duration and poster exist) and returns it as listed then.
 */
export async function settledMedia(
  app: FastifyInstance,
  cookie: string,
  id: number,
  timeoutMs = 30_000,
): Promise<Media> {
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 20))) {
    const item = ((await app.inject({ method: 'GET', url: '/api/media', headers: { cookie } })).json() as Media[]).find(
      (m) => m.id === id,
    );
    if (item && item.status !== 'processing') return item;
    if (Date.now() - started > timeoutMs)
      throw new Error(`media ${id} still ${item?.status ?? 'missing'} after ${timeoutMs} ms`);
  }
}

/** Uploads and waits for the processing to end: the item as the gallery and the TVs then see it. */
export async function uploadSettled(app: FastifyInstance, cookie: string, file: FilePart): Promise<Media> {
  const res = await upload(app, cookie, file);
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return settledMedia(app, cookie, res.json<Media>().id);
}
