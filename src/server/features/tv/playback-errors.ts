import { PLAY_FUTURE_SKEW_MS } from '../../../contract/plays';
import type { PlaybackErrors } from '../../../contract/screen-health';
import type { DeviceIdentity } from '../../auth/device-auth';
import type { Db } from '../../db/client';
import { playbackErrors } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { ERROR_CODES } from '../../../contract/errors';

export const playbackErrorMessages = {
  inFuture: 'Falha com data no futuro: confira o relógio da TV.',
} as const;

/**
 * Items that failed to play on the TV (docs/screen-health.md#playback-errors), kept a day for the
 * playback alert (docs/alerts.md#playback). A batch with a time further ahead than a day is refused
 * whole, as plays are: a clock gone wrong would count forever.
 */
export async function storePlaybackErrors(db: Db, device: DeviceIdentity, batch: PlaybackErrors): Promise<void> {
  const latest = Date.now() + PLAY_FUTURE_SKEW_MS;
  if (batch.errors.some((e) => Date.parse(e.at) > latest))
    throw new HttpError(400, playbackErrorMessages.inFuture, ERROR_CODES.validation);
  await db.insert(playbackErrors).values(
    batch.errors.map((e) => ({
      workspaceId: device.workspaceId,
      deviceId: device.deviceId,
      mediaId: e.mediaId,
      message: e.message,
      at: new Date(e.at),
    })),
  );
}
