import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegBinaries, systemFfmpeg } from './ffmpeg';
import { extractPosterFrame, mediaTools, mediaToolsAnnouncement, probeVideo, rewriteIndexFirst } from './media-tools';
import { topLevelBoxes } from './mp4-boxes';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-tools-'));
const chosen = process.env.SINALIZE_FFMPEG;
afterEach(() => {
  if (chosen === undefined) delete process.env.SINALIZE_FFMPEG;
  else process.env.SINALIZE_FFMPEG = chosen;
});

/** A clip as a phone or camera writes it, made by the system ffmpeg: H.264 + AAC, index at the end. */
async function cameraClip(format: 'mp4' | 'mov' | 'webm' | 'm4a'): Promise<string> {
  const out = path.join(dir, `camera.${format}`);
  const picture = ['-f', 'lavfi', '-i', 'testsrc=duration=3:size=320x240:rate=10'];
  const sound = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'];
  const codecs = {
    mp4: [...picture, ...sound, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-metadata', 'title=Vitrine'],
    mov: [...picture, ...sound, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    webm: [...picture, '-c:v', 'libvpx-vp9', '-b:v', '200k'],
    m4a: [...sound, '-c:a', 'aac'],
  }[format];
  await run(ffmpegBinaries().ffmpeg, ['-v', 'error', ...codecs, '-y', out]);
  if (format !== 'mp4') return out;
  // Shot upright: ffmpeg 5 turns this tag into the display matrix only when copying.
  const turned = path.join(dir, 'camera-portrait.mp4');
  await run(ffmpegBinaries().ffmpeg, [
    '-v',
    'error',
    '-i',
    out,
    '-c',
    'copy',
    '-metadata:s:v',
    'rotate=90',
    '-y',
    turned,
  ]);
  return turned;
}

/** Every packet's stream, timestamps, size and checksum, as the system ffmpeg reads them. */
async function packets(file: string): Promise<string> {
  const { stdout } = await run(ffmpegBinaries().ffmpeg, [
    '-v',
    'error',
    '-i',
    file,
    '-map',
    '0',
    '-c',
    'copy',
    '-f',
    'framemd5',
    '-',
  ]);
  return stdout
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .join('\n');
}

async function ffprobeJson(file: string) {
  const { stdout } = await run(ffmpegBinaries().ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  return JSON.parse(stdout) as {
    format: { tags?: Record<string, string> };
    streams: Array<{ codec_type: string; side_data_list?: Array<{ rotation?: number }> }>;
  };
}

describe('which tools read the uploads', () => {
  it('prefers the system ffmpeg and names its path and version at start', async () => {
    delete process.env.SINALIZE_FFMPEG;
    const found = systemFfmpeg();
    // CI and the README install Debian's ffmpeg: its absence here is a broken machine, not a pass.
    expect(found).not.toBeNull();
    expect(mediaTools()).toEqual({ kind: 'system', ...found });
    const announced = await mediaToolsAnnouncement();
    expect(announced).toMatchObject({ level: 'info', details: { ffmpeg: found!.ffmpeg, ffprobe: found!.ffprobe } });
    expect(announced.details.version).toMatch(/^ffmpeg version \S+/);
  });

  it('warns at start when uploads are read by libav.js, and says no poster will be taken', async () => {
    process.env.SINALIZE_FFMPEG = 'wasm';
    expect(mediaTools()).toEqual({ kind: 'wasm' });
    const announced = await mediaToolsAnnouncement();
    expect(announced).toMatchObject({
      level: 'warn',
      details: { libav: expect.stringMatching(/^@libav\.js\/variant-webcodecs \d+\.\d+\.\d+$/) },
    });
    expect(announced.message).toContain('poster');
  });

  it('refuses an unknown SINALIZE_FFMPEG as the server’s fault, and says so at start', async () => {
    process.env.SINALIZE_FFMPEG = 'ffmpeg4';
    await expect(probeVideo(path.join(dir, 'any.mp4'))).rejects.toMatchObject({ code: 'EINVAL' });
    expect(await mediaToolsAnnouncement()).toMatchObject({ level: 'error' });
  });
});

describe('libav.js (SINALIZE_FFMPEG=wasm) on real camera files', () => {
  const clips = {} as Record<'mp4' | 'mov' | 'webm' | 'm4a', string>;
  beforeAll(async () => {
    for (const format of ['mp4', 'mov', 'webm', 'm4a'] as const) clips[format] = await cameraClip(format);
  });

  it('probes duration and frame size like ffprobe, and finds no video in a sound file', async () => {
    process.env.SINALIZE_FFMPEG = 'wasm';
    for (const format of ['mp4', 'mov', 'webm'] as const)
      expect(await probeVideo(clips[format]), format).toEqual({ duration: 3, width: 320, height: 240 });
    expect(await probeVideo(clips.m4a)).toBeNull();
    delete process.env.SINALIZE_FFMPEG;
    expect(await probeVideo(clips.mp4)).toEqual({ duration: 3, width: 320, height: 240 });
  });

  it('rejects a file it cannot read as the file’s fault (no string code), and takes no poster', async () => {
    process.env.SINALIZE_FFMPEG = 'wasm';
    const broken = path.join(dir, 'broken.mp4');
    writeFileSync(broken, readFileSync(clips.mp4).subarray(0, 20_000)); // cut before its index
    const error = await probeVideo(broken).then(
      () => null,
      (e: unknown) => e as NodeJS.ErrnoException,
    );
    expect(error).toBeInstanceOf(Error);
    expect(typeof error!.code).not.toBe('string');
    expect(await extractPosterFrame(clips.mp4, 3, 320)).toBeNull();
    // A missing file is the server's fault, as with ffprobe.
    await expect(probeVideo(path.join(dir, 'nowhere.mp4'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("stops ffprobe, ffmpeg and the libav.js worker when the job's signal aborts (the queue's stop, a lost lease)", async () => {
    const aborted = async (work: (signal: AbortSignal) => Promise<unknown>) => {
      const controller = new AbortController();
      const running = work(controller.signal);
      controller.abort();
      await expect(running).rejects.toMatchObject({ code: 'ABORT_ERR' });
    };
    const out = path.join(dir, 'aborted.mp4');
    for (const tools of ['system', 'wasm']) {
      process.env.SINALIZE_FFMPEG = tools;
      await aborted((signal) => probeVideo(clips.mp4, signal));
      await aborted((signal) => rewriteIndexFirst(clips.mp4, out, 'mp4', signal));
    }
    process.env.SINALIZE_FFMPEG = 'system';
    await aborted((signal) => extractPosterFrame(clips.mp4, 3, 320, signal));
  });

  it('rewrites end-indexed MP4 and MOV index-first by stream copy: the same packets, rotation and tags, read by the system ffprobe', async () => {
    process.env.SINALIZE_FFMPEG = 'wasm';
    for (const format of ['mp4', 'mov'] as const) {
      const before = await topLevelBoxes(clips[format]);
      expect(before.map((b) => b.type).slice(-2), format).toEqual(['mdat', 'moov']);
      const out = path.join(dir, `index-first.${format}`);
      await rewriteIndexFirst(clips[format], out, format);
      const after = await topLevelBoxes(out);
      const types = after.map((b) => b.type);
      expect(types.indexOf('moov'), types.join(' ')).toBeLessThan(types.indexOf('mdat'));
      expect(after.find((b) => b.type === 'mdat')!.size).toBe(before.find((b) => b.type === 'mdat')!.size);
      expect(await packets(out)).toBe(await packets(clips[format]));
    }
    const rotation = async (file: string) =>
      (await ffprobeJson(file)).streams.find((s) => s.codec_type === 'video')?.side_data_list?.[0]?.rotation;
    expect(Math.abs((await rotation(clips.mp4)) ?? 0)).toBe(90);
    expect(await rotation(path.join(dir, 'index-first.mp4'))).toBe(await rotation(clips.mp4));
    expect((await ffprobeJson(path.join(dir, 'index-first.mp4'))).format.tags?.title).toBe('Vitrine');
  });
});
