import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A program on PATH, or null. */
export function onPath(name: string): string | null {
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

export interface FfmpegBinaries {
  ffmpeg: string;
  ffprobe: string;
}

/** ffmpeg and ffprobe on PATH (both, or neither counts). A few stat calls: cheap enough per use. */
export function systemFfmpeg(): FfmpegBinaries | null {
  const ffmpeg = onPath('ffmpeg');
  const ffprobe = onPath('ffprobe');
  return ffmpeg && ffprobe ? { ffmpeg, ffprobe } : null;
}

/**
 * The system's ffmpeg/ffprobe, for what only a full ffmpeg can do outside the upload path (the
 * tests' and benchmarks' encoded clips). Uploads go through `media-tools.ts`, which can do without.
 */
export function ffmpegBinaries(): FfmpegBinaries {
  const found = systemFfmpeg();
  if (!found)
    throw Object.assign(new Error('ffmpeg and ffprobe are not on PATH (apt-get install -y ffmpeg)'), {
      code: 'ENOENT',
    });
  return found;
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
export async function probeWithFfprobe(
  ffprobe: string,
  file: string,
  signal?: AbortSignal,
): Promise<VideoProbe | null> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    {
      timeout: 30_000,
      maxBuffer: 4 * 1024 * 1024,
      signal,
    },
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
export async function posterWithFfmpeg(
  ffmpeg: string,
  file: string,
  durationSeconds: number,
  box: number,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  const attempt = async (at: number) => {
    const { stdout } = await run(
      ffmpeg,
      [
        '-v',
        'error',
        '-ss',
        at.toFixed(2),
        '-i',
        file,
        '-frames:v',
        '1',
        '-vf',
        `scale=${box}:${box}:force_original_aspect_ratio=decrease`,
        '-f',
        'image2pipe',
        '-vcodec',
        'png',
        'pipe:1',
      ],
      { timeout: 30_000, maxBuffer: 8 * 1024 * 1024, encoding: 'buffer', signal },
    );
    return stdout.length > 0 ? stdout : null;
  };
  const at = Math.min(1, durationSeconds / 2);
  return (await attempt(at)) ?? (at > 0 ? attempt(0) : null);
}

/** `-movflags +faststart` by stream copy: video and sound as they are (camera data tracks that mp4 cannot hold are left out). */
export async function indexFirstWithFfmpeg(
  ffmpeg: string,
  input: string,
  output: string,
  format: 'mp4' | 'mov',
  signal?: AbortSignal,
): Promise<void> {
  await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-i',
      input,
      '-map',
      '0:v',
      '-map',
      '0:a?',
      '-c',
      'copy',
      '-map_metadata',
      '0',
      '-movflags',
      '+faststart',
      '-f',
      format,
      '-y',
      output,
    ],
    { timeout: 120_000, maxBuffer: 1024 * 1024, signal },
  );
}
