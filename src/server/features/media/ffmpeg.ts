import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/** A program on PATH, or null. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** ffmpeg and ffprobe on PATH (both, or neither counts). A few stat calls: cheap enough per use. */
export function systemFfmpeg(): { ffmpeg: string; ffprobe: string } | null {
  const ffmpeg = onPath('ffmpeg');
  const ffprobe = onPath('ffprobe');
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;
}

let binaries: { ffmpeg: string; ffprobe: string } | undefined;

/**
 * The system's ffmpeg/ffprobe when installed (maintained by the distribution, with its security
 * updates), otherwise the static builds that the npm packages ship, so a plain `npm install` is
 * enough. The packages are loaded only when needed: they throw on a platform they have no build for.
 */
export function ffmpegBinaries(): { ffmpeg: string; ffprobe: string } {
  return (binaries ??= systemFfmpeg() ?? {
    ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
    ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
  });
}

/** The first line of `ffmpeg -version` ("ffmpeg version 5.1.9-0+deb12u1 …"), or null if it does not run. */
export async function ffmpegVersion(ffmpeg: string): Promise<string | null> {
  try {
    const { stdout } = await run(ffmpeg, ['-version'], { timeout: 10_000 });
    return stdout.split('\n')[0]?.trim() || null;
  } catch {
    return null;
  }
}

/**
 * What the start log says about the media tools: an operator must know when uploads are not read
 * by the system's ffmpeg (the npm fallback is a 2018 build that parses untrusted files).
 */
export async function ffmpegAnnouncement(): Promise<{ level: 'info' | 'warn'; details: Record<string, unknown>; message: string }> {
  const found = systemFfmpeg();
  if (found) {
    return { level: 'info', details: { ...found, version: await ffmpegVersion(found.ffmpeg) }, message: 'media tools: the system ffmpeg' };
  }
  const fallback = ffmpegBinaries().ffmpeg;
  return {
    level: 'warn',
    details: { ffmpeg: fallback, version: await ffmpegVersion(fallback) },
    message: 'media tools: no ffmpeg on PATH, uploads are read by the npm-shipped static build from 2018; install the system ffmpeg (apt-get install -y ffmpeg)',
  };
}

let announced = false;

/** Logs `ffmpegAnnouncement()` once per process, however many apps it builds (tests build many). */
export async function announceFfmpeg(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void> {
  if (announced) return;
  announced = true;
  const { level, details, message } = await ffmpegAnnouncement();
  log[level](details, message);
}

export interface VideoProbe {
  /** Whole seconds, rounded (a 3-second clip gives 3). */
  duration: number;
  width: number;
  height: number;
}

interface FfprobeOutput {
  format?: { duration?: string };
  streams?: Array<{ codec_type?: string; duration?: string; width?: number; height?: number }>;
}

/** Duration and frame size of a video, or null when ffprobe finds no video stream in it. */
export async function probeVideo(file: string): Promise<VideoProbe | null> {
  const { stdout } = await run(
    ffmpegBinaries().ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
  );
  const info = JSON.parse(stdout) as FfprobeOutput;
  const video = info.streams?.find((s) => s.codec_type === 'video');
  if (!video) return null;
  const seconds = Number(info.format?.duration ?? video.duration ?? 0);
  return {
    duration: Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0,
    width: video.width ?? 0,
    height: video.height ?? 0,
  };
}

/**
 * One frame as PNG bytes, already scaled to fit `box` × `box` by ffmpeg (so a 4K frame never
 * reaches memory at full size). Taken a little way in, since first frames are often black.
 */
export async function extractPosterFrame(file: string, durationSeconds: number, box: number): Promise<Buffer | null> {
  const attempt = async (at: number) => {
    const { stdout } = await run(
      ffmpegBinaries().ffmpeg,
      [
        '-v', 'error', '-ss', at.toFixed(2), '-i', file, '-frames:v', '1',
        '-vf', `scale=${box}:${box}:force_original_aspect_ratio=decrease`,
        '-f', 'image2pipe', '-vcodec', 'png', 'pipe:1',
      ],
      { timeout: 30_000, maxBuffer: 8 * 1024 * 1024, encoding: 'buffer' },
    );
    return stdout.length > 0 ? stdout : null;
  };
  const at = Math.min(1, durationSeconds / 2);
  return (await attempt(at)) ?? (at > 0 ? attempt(0) : null);
}
