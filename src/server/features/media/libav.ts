import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PROJECT_ROOT } from '../../paths';
import type { VideoProbe } from './ffmpeg';

/**
 * The worker is plain JavaScript found from the project root, not bundled: the bundle
 * (`dist/server/main.js`) and the sources (tests, `npm run dev`) then start the very same file.
 */
const WORKER = path.join(PROJECT_ROOT, 'src', 'server', 'features', 'media', 'libav-worker.mjs');
const PACKAGE = '@libav.js/variant-webcodecs';

type Job =
  | { op: 'probe'; input: string }
  | { op: 'indexFirst'; input: string; output: string; format: 'mp4' | 'mov'; reserve: number };

interface Reply {
  ok: boolean;
  result?: unknown;
  unreadable?: boolean;
  message?: string;
  code?: string;
}

/** An error that is ours (the server's), told apart as `execFile` does: a string `code`. */
const ours = (message: string, code: string) => Object.assign(new Error(message), { code });

/**
 * Runs one job in a fresh worker thread and ends it: a file that makes the parser spin is cut off
 * at `timeoutMs`, and nothing it did survives into the next job. Like ffprobe/ffmpeg through
 * `execFile`, a rejection without a string `code` means the file could not be read (its fault).
 */
function runJob<T>(job: Job, timeoutMs: number, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    // The job's signal (the queue's stop, a lost lease) ends the worker as `execFile` ends ffmpeg.
    const abort = () => settle(() => reject(ours('libav.js stopped: the job was aborted', 'ABORT_ERR')));
    const worker = new Worker(WORKER, { workerData: job });
    let settled = false;
    const settle = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      void worker.terminate();
      action();
    };
    const timer = setTimeout(
      () => settle(() => reject(new Error(`libav.js gave up after ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (reply: Reply) =>
      settle(() => {
        if (reply.ok) resolve(reply.result as T);
        else
          reject(
            reply.unreadable
              ? new Error(reply.message)
              : ours(reply.message ?? 'libav.js failed', reply.code ?? 'LIBAV_ERROR'),
          );
      }),
    );
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
    worker.once('error', (error) => settle(() => reject(ours(`libav.js worker: ${error.message}`, 'LIBAV_WORKER'))));
    worker.once('exit', (code) =>
      settle(() => reject(ours(`libav.js worker exited (${code}) without an answer`, 'LIBAV_WORKER'))),
    );
  });
}

/** Duration and frame size of a video, or null when libav.js finds no video stream in it. */
export function probeWithLibav(file: string, signal?: AbortSignal): Promise<VideoProbe | null> {
  return runJob({ op: 'probe', input: file }, 30_000, signal);
}

/**
 * Copies the video and audio of an MP4/MOV into `output` with the index first. The index is written
 * into space reserved for it, sized from the upload's own index (`moovBytes`): twice that, plus
 * 4 KiB, is far more than a stream copy's index grows; the unused part stays as a `free` box.
 */
export async function indexFirstWithLibav(
  input: string,
  output: string,
  format: 'mp4' | 'mov',
  moovBytes: number,
  signal?: AbortSignal,
): Promise<void> {
  await runJob({ op: 'indexFirst', input, output, format, reserve: 2 * moovBytes + 4096 }, 120_000, signal);
}

/** The installed libav.js build, for the start log; null when the package is missing. */
export function libavVersion(): string | null {
  try {
    const entry = createRequire(import.meta.url).resolve(PACKAGE);
    const manifest = JSON.parse(readFileSync(path.join(path.dirname(entry), '..', 'package.json'), 'utf8')) as {
      version: string;
    };
    return `${PACKAGE} ${manifest.version}`;
  } catch {
    return null;
  }
}
