import type { FastifyBaseLogger } from 'fastify';
import {
  ffmpegVersion,
  indexFirstWithFfmpeg,
  posterWithFfmpeg,
  probeWithFfprobe,
  systemFfmpeg,
  type FfmpegBinaries,
  type VideoProbe,
} from './ffmpeg';
import { indexFirstWithLibav, libavVersion, probeWithLibav } from './libav';
import { topLevelBoxes } from './mp4-boxes';
import { systemPoppler } from './pdf-tools';

export type MediaTools = ({ kind: 'system' } & FfmpegBinaries) | { kind: 'wasm' };

const CHOICES = ['auto', 'system', 'wasm'] as const;

/**
 * What reads the uploaded videos (docs/media-tools.md): the system's ffmpeg when it is on PATH
 * (maintained by the distribution, every codec, posters), otherwise libav.js, FFmpeg's libraries
 * compiled to WebAssembly and run in a worker thread: it probes and rewrites index-first with
 * nothing but `npm install`, and parses untrusted files in a sandbox, but decodes no video, so
 * videos get no poster. `SINALIZE_FFMPEG` overrides the choice: `system` (never the fallback) or
 * `wasm` (never the system's; how the tests run the fallback on a machine that has ffmpeg).
 * It is read at each use, so a test can switch it.
 */
export function mediaTools(): MediaTools {
  const choice = process.env.SINALIZE_FFMPEG || 'auto';
  if (!(CHOICES as readonly string[]).includes(choice)) {
    throw Object.assign(new Error(`SINALIZE_FFMPEG must be one of ${CHOICES.join(', ')}, not "${choice}"`), {
      code: 'EINVAL',
    });
  }
  if (choice === 'wasm') return { kind: 'wasm' };
  const found = systemFfmpeg();
  if (found) return { kind: 'system', ...found };
  // Asked for the system's and it is missing: the bare names fail loudly (ENOENT) at each use.
  return choice === 'system' ? { kind: 'system', ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' } : { kind: 'wasm' };
}

/**
 * Duration and frame size of a video, or null when no video stream is found. A rejection with a
 * string `code` is the server's fault (a tool missing); any other, the file's.
 */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoProbe | null> {
  const tools = mediaTools();
  return tools.kind === 'system' ? probeWithFfprobe(tools.ffprobe, file, signal) : probeWithLibav(file, signal);
}

/** A poster frame as PNG, scaled to fit `box`; null without a decoder (the WebAssembly build has none for video). */
export async function extractPosterFrame(
  file: string,
  durationSeconds: number,
  box: number,
  signal?: AbortSignal,
): Promise<Buffer | null> {
  const tools = mediaTools();
  return tools.kind === 'system' ? posterWithFfmpeg(tools.ffmpeg, file, durationSeconds, box, signal) : null;
}

/** Writes `input`'s video and audio into `output` with the index (`moov`) first, by stream copy. */
export async function rewriteIndexFirst(
  input: string,
  output: string,
  format: 'mp4' | 'mov',
  signal?: AbortSignal,
): Promise<void> {
  const tools = mediaTools();
  if (tools.kind === 'system') return indexFirstWithFfmpeg(tools.ffmpeg, input, output, format, signal);
  const moov = (await topLevelBoxes(input)).find((b) => b.type === 'moov');
  return indexFirstWithLibav(input, output, format, moov?.size ?? 0, signal);
}

/** What the start log says about the media tools: an operator must know when it is not the system's ffmpeg. */
export async function mediaToolsAnnouncement(): Promise<{
  level: 'info' | 'warn' | 'error';
  details: Record<string, unknown>;
  message: string;
}> {
  let tools: MediaTools;
  try {
    tools = mediaTools();
  } catch (error) {
    return { level: 'error', details: { err: error }, message: 'media tools: video uploads will fail' };
  }
  if (tools.kind === 'system') {
    const { ffmpeg, ffprobe } = tools;
    const version = await ffmpegVersion(ffmpeg);
    if (!version)
      return {
        level: 'error',
        details: { ffmpeg, ffprobe },
        message: 'media tools: SINALIZE_FFMPEG=system but ffmpeg does not run; video uploads will fail',
      };
    return { level: 'info', details: { ffmpeg, ffprobe, version }, message: 'media tools: the system ffmpeg' };
  }
  const libav = libavVersion();
  if (!libav)
    return {
      level: 'error',
      details: {},
      message: 'media tools: no ffmpeg on PATH and libav.js is not installed (npm install); video uploads will fail',
    };
  return {
    level: 'warn',
    details: { libav, ...(process.env.SINALIZE_FFMPEG === 'wasm' ? { SINALIZE_FFMPEG: 'wasm' } : {}) },
    message:
      'media tools: libav.js (FFmpeg in WebAssembly) probes videos and moves their index first, but takes no poster frame; ' +
      'install the system ffmpeg for thumbnails of videos (apt-get install -y ffmpeg)',
  };
}

let announced = false;

/** Logs `mediaToolsAnnouncement()` once per process, however many apps it builds (tests build many). */
export async function announceMediaTools(log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Promise<void> {
  if (announced) return;
  announced = true;
  const { level, details, message } = await mediaToolsAnnouncement();
  log[level](details, message);
  // PDFs have no fallback (docs/media-tools.md#pdfs-poppler-utils): say so once, not at each refused upload.
  if (!systemPoppler())
    log.warn({}, 'pdfinfo/pdftoppm not on PATH: PDF uploads are refused (apt-get install -y poppler-utils)');
}
