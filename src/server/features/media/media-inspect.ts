import type { FastifyBaseLogger } from 'fastify';
import { ERROR_CODES } from '../../../contract/errors';
import { isVideoMime } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import { HttpError } from '../../http/errors';
import { extractPosterFrame, probeVideo } from './media-tools';
import { THUMBNAIL_BOX, writeThumbnail } from './thumbnails';
import type { ReceivedFile } from './upload-receiver';

export interface Inspection {
  duration: number | null;
  hasThumbnail: boolean;
}

const unreadable = () => new HttpError(415, messages.media.unreadable, ERROR_CODES.unsupportedMedia);

/**
 * What an upload needs besides its bytes: images get a thumbnail (and must decode), videos their
 * duration (ffprobe, or libav.js, must find a video stream) and a poster thumbnail. A video whose
 * poster cannot be taken (or without the system ffmpeg) is kept without one: it still plays.
 */
export async function inspectUpload(
  file: ReceivedFile,
  thumbnailPath: string,
  log: FastifyBaseLogger,
  signal?: AbortSignal,
): Promise<Inspection> {
  if (!isVideoMime(file.mimeType)) {
    try {
      await writeThumbnail(file.path, thumbnailPath);
    } catch (error) {
      log.info({ err: error }, 'image upload does not decode');
      throw unreadable();
    }
    return { duration: null, hasThumbnail: true };
  }

  const probe = await probeVideo(file.path, signal).catch((error: unknown) => {
    // A missing or broken ffprobe is our fault (500); ffprobe refusing the file is the file's.
    if (!(error instanceof Error) || typeof (error as NodeJS.ErrnoException).code === 'string') throw error;
    log.info({ err: error }, 'ffprobe could not read the upload');
    return null;
  });
  if (!probe) throw unreadable();
  try {
    const frame = await extractPosterFrame(file.path, probe.duration, THUMBNAIL_BOX, signal);
    if (frame) {
      await writeThumbnail(frame, thumbnailPath);
      return { duration: probe.duration, hasThumbnail: true };
    }
  } catch (error) {
    log.warn({ err: error }, 'no poster frame for a video upload');
  }
  return { duration: probe.duration, hasThumbnail: false };
}
