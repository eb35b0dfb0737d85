import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, isNotNull, isNull } from 'drizzle-orm';
import { ERROR_CODES } from '../../../contract/errors';
import { messages } from '../../../contract/messages';
import type { TvAuthResponse, TvStatus } from '../../../contract/tv';
import { hashToken, newToken } from '../../auth/tokens';
import type { Db } from '../../db/client';
import { devices, feedImages, media, mediaPages } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { recordActivity } from '../activities/activity-service';
import { presentDevice } from '../devices/device-presenter';
import type { MediaRow } from '../media/media-presenter';
import { deviceUnauthenticated, type DeviceAuthenticator, type DeviceIdentity } from '../../auth/device-auth';
import type { PresenceService } from './presence-service';
import type { MediaUrlSigner } from './signed-media';

export interface TvDeps {
  db: Db;
  bus: EventBus;
  presence: PresenceService;
}

/** How a refused pairing waits: `sleep` is the app's (a timer; tests pass one that records the wait). */
export interface PairingRefusal {
  failureDelayMs: number;
  sleep: (ms: number) => PromiseLike<unknown>;
}

/**
 * `pairDevice`, or the 401 for a code that pairs nothing, answered no sooner than `failureDelayMs`
 * after the attempt began: how long a refusal takes tells nothing about the code.
 */
export async function pairDeviceOrRefuse(
  deps: TvDeps,
  code: string,
  { failureDelayMs, sleep }: PairingRefusal,
): Promise<TvAuthResponse> {
  const started = Date.now();
  const paired = await pairDevice(deps, code);
  if (paired) return paired;
  await sleep(Math.max(0, failureDelayMs - (Date.now() - started)));
  throw new HttpError(401, messages.tv.pairingFailed, ERROR_CODES.pairingFailed);
}

/** What a signed media URL needs checked: the signature against the device's current pairing. */
export interface SignedMediaRequest {
  id: number;
  device: number;
  expires: number;
  signature: string;
}

/** What loading a signed file needs: the rows, the TVs' current pairings and the signer. */
interface SignedDeps {
  db: Db;
  auth: DeviceAuthenticator;
  signer: MediaUrlSigner;
}

/**
 * The row a TV's signed URL names, once `verify` accepts its signature for the device's current
 * pairing (else 403: a disconnected, removed or re-coded TV's URLs stop working, docs/security.md);
 * 404 when `load` (a query of at most one row) finds none.
 */
async function loadSigned<Row>(
  auth: DeviceAuthenticator,
  device: number,
  verify: (pairing: string | null) => boolean,
  load: () => PromiseLike<Row[]>,
): Promise<Row> {
  if (!verify(await auth.pairingOf(device)))
    throw new HttpError(403, messages.tv.invalidMediaLink, ERROR_CODES.invalidSignature);
  const [row] = await load();
  if (!row) throw notFound();
  return row;
}

/**
 * The join that keeps a signed file to the device's workspace: a URL signed for another
 * workspace's TV (which its manifest never holds) answers 404, as for the rest of the API.
 */
const inDeviceWorkspace = (device: number) => and(eq(devices.id, device), eq(devices.workspaceId, media.workspaceId));

/** The media row a TV's signed URL names, bound to the device, its pairing and its workspace. */
export function loadSignedMedia(
  { db, auth, signer }: SignedDeps,
  { id, device, expires, signature }: SignedMediaRequest,
): Promise<MediaRow> {
  return loadSigned(
    auth,
    device,
    (pairing) => signer.verify(id, device, pairing, expires, signature),
    () =>
      db
        .select(getTableColumns(media))
        .from(media)
        .innerJoin(devices, inDeviceWorkspace(device))
        .where(eq(media.id, id))
        .limit(1),
  );
}

/**
 * A PDF page's image that a TV's signed URL names (docs/content.md#pdf), checked like a file's:
 * bound to the device, its pairing, its workspace and this page of this media.
 */
export function loadSignedPage(
  { db, auth, signer }: SignedDeps,
  { id, page, device, expires, signature }: SignedMediaRequest & { page: number },
): Promise<typeof mediaPages.$inferSelect> {
  return loadSigned(
    auth,
    device,
    (pairing) => signer.verifyPage(id, page, device, pairing, expires, signature),
    () =>
      db
        .select(getTableColumns(mediaPages))
        .from(mediaPages)
        .innerJoin(media, eq(media.id, mediaPages.mediaId))
        .innerJoin(devices, inDeviceWorkspace(device))
        .where(and(eq(mediaPages.mediaId, id), eq(mediaPages.page, page)))
        .limit(1),
  );
}

/**
 * A feed item's picture that a TV's signed URL names (docs/content.md#pictures), checked like a PDF
 * page: bound to the device, its pairing, its workspace, this media and this picture.
 */
export function loadSignedImage(
  { db, auth, signer }: SignedDeps,
  { id, sha256, device, expires, signature }: SignedMediaRequest & { sha256: string },
): Promise<Pick<typeof feedImages.$inferSelect, 'filename' | 'size' | 'sha256'>> {
  return loadSigned(
    auth,
    device,
    (pairing) => signer.verifyImage(id, sha256, device, pairing, expires, signature),
    () =>
      db
        .select({ filename: feedImages.filename, size: feedImages.size, sha256: feedImages.sha256 })
        .from(feedImages)
        .innerJoin(media, eq(media.id, feedImages.mediaId))
        .innerJoin(devices, inDeviceWorkspace(device))
        .where(and(eq(feedImages.mediaId, id), eq(feedImages.sha256, sha256)))
        .limit(1),
  );
}

/**
 * Pairs a TV by its 6-digit code: a new token (only its hash is stored) and the device online.
 * A code pairs one TV (docs/tv-protocol.md#pairing): only a device without a token accepts it, in one conditional
 * UPDATE, so of two TVs typing the same code at once one wins and the other is refused. A code
 * whose TV holds the token is spent, answered like a wrong code (null); Desconectar or a new
 * code arm it again.
 */
export async function pairDevice({ db, bus, presence }: TvDeps, code: string): Promise<TvAuthResponse | null> {
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const [paired] = await tx
      .update(devices)
      .set({
        tokenHash: hashToken(token),
        status: 'online',
        lastSeen: new Date(),
        activeSessionId: null,
        nowPlaying: null,
        // A new TV on this screen: the last one's health is not its own.
        health: null,
      })
      .where(and(eq(devices.authCode, code), isNull(devices.tokenHash)))
      .returning();
    // A TV pairs itself: the history credits the device's creator.
    if (paired) {
      await recordActivity(tx, {
        userId: paired.userId,
        workspaceId: paired.workspaceId,
        type: 'device_paired',
        data: { name: paired.name },
        entityType: 'device',
        entityId: paired.id,
      });
    }
    return paired;
  });
  if (!row) return null;
  // The manifest's media URLs are signed for this pairing: caches must drop the unpaired build.
  bus.publish({
    type: 'device.changed',
    deviceId: row.id,
    workspaceId: row.workspaceId,
    device: presentDevice({ ...row, paired: true }),
  });
  bus.publish(presence.statusEvent(row));
  const { id, name, layout, orientation, resolution } = row;
  return { token, device: { id, name, layout, orientation, resolution } };
}

/** `playing` opens (or keeps) a session, `idle` closes it: what the admin sees as Executando/Aguardando. */
export async function reportStatus(
  { db, bus, presence }: TvDeps,
  identity: DeviceIdentity,
  status: TvStatus,
): Promise<{ activeSessionId: string | null }> {
  const activeSessionId = status.state === 'playing' ? (status.sessionId ?? randomUUID()) : null;
  const [row] = await db
    .update(devices)
    .set({ activeSessionId, status: 'online', lastSeen: new Date(), nowPlaying: status.nowPlaying ?? null })
    .where(and(eq(devices.id, identity.deviceId), isNotNull(devices.tokenHash)))
    .returning();
  if (!row) throw deviceUnauthenticated();
  bus.publish(presence.statusEvent(row));
  return { activeSessionId };
}
