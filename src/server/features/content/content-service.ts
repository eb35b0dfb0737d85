import { and, eq } from 'drizzle-orm';
import {
  contentMimeType,
  contentOptionsSchemas,
  mediaKindOf,
  type ContentCreate,
  type FeedOptions,
  type MediaUpdate,
  type WebpageOptions,
} from '../../../contract/content';
import { contentMessages } from '../../../contract/content-messages';
import type { Media } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import type { SessionUser } from '../../auth/session-user';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { feedStates, media } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import { recordActivity } from '../activities/activity-service';
import { pageCountOf } from '../media/media-pages';
import { pdfDuration } from '../media/process-pdf';
import { presentMediaRows } from '../media/media-service';
import { contentVersion } from './content-version';
import {
  FEED_REFRESH_JOB,
  feedVersion,
  fetchFeedOrRefuse,
  insertFeedState,
  playlistsUsing,
  queueFeedRefresh,
} from './feed-service';
import { applyPictures, fetchNewPictures, settlePictures, storedPictureSources } from './feed-images';
import { checkWebpageFraming } from './webpage-check';

export { contentVersion };

export interface ContentDeps {
  db: Db;
  bus: EventBus;
  /** A feed's refreshes (docs/content.md#feeds). */
  jobs: JobQueue;
  /** How feeds are fetched and web pages checked. */
  feeds: Config['feeds'];
  /** The player's origin for the framing check (`PUBLIC_URL`'s), null when not set. */
  playerOrigin: string | null;
  /** Where a feed's pictures are stored (docs/content.md#pictures), and written first. */
  store: MediaStore;
  tmpDir: string;
}

/** A media answer with its feed's status or PDF's page count, and the framing warning of a web page when there is one. */
async function answer(deps: ContentDeps, row: typeof media.$inferSelect, warning: string | null): Promise<Media> {
  const [item] = await presentMediaRows(deps.db, [row]);
  return { ...item!, ...(warning ? { warning } : {}) };
}

/**
 * `POST /api/media/content`: a content item, ready at once (it has no file to process). A feed is
 * fetched once first: one that cannot be read is refused (400, pt-BR reason) and nothing is saved;
 * its first items (and their pictures, fetched before the transaction: docs/content.md#pictures)
 * are stored with it and its next refresh queued in the same transaction. A web page's headers are
 * read once for the framing warning (docs/content.md#feeds).
 */
export async function createContent(deps: ContentDeps, actor: SessionUser, body: ContentCreate): Promise<Media> {
  const fetched = body.kind === 'feed' ? await fetchFeedOrRefuse(deps.feeds, body.options) : null;
  const warning =
    body.kind === 'webpage' ? await checkWebpageFraming(deps.feeds, body.options.url, deps.playerOrigin) : null;
  const fresh = fetched?.items ? await fetchNewPictures(deps, [], fetched.items) : [];
  const row = await settlePictures(deps, fresh, () =>
    deps.db.transaction(async (tx): Promise<[typeof media.$inferSelect, string[] | null]> => {
      const [row] = await tx
        .insert(media)
        .values({
          ...ownedBy(actor),
          filename: '',
          originalName: body.name,
          mimeType: contentMimeType(body.kind),
          size: 0,
          duration: null,
          url: '',
          sha256: fetched
            ? feedVersion(body.options as FeedOptions)
            : contentVersion(body.kind, body.options, warning !== null),
          status: 'ready',
          options: body.options,
          framingRefused: warning !== null,
        })
        .returning();
      let unused: string[] | null = null;
      if (fetched) {
        const options = body.options as FeedOptions;
        // The pictures' rows need the feed's id.
        const applied = await applyPictures(tx, row!.id, fetched.items ?? [], fresh);
        unused = applied.unusedKeys;
        await insertFeedState(tx, row!.id, options, { ...fetched, items: applied.items });
        // Its next turn, in the same transaction: the feed is never without its refresh.
        await deps.jobs.enqueue(
          FEED_REFRESH_JOB,
          { mediaId: row!.id },
          {
            tx,
            singletonKey: `feed:${row!.id}`,
            workspaceId: row!.workspaceId,
            runAt: new Date(Date.now() + options.refreshMinutes * 60_000),
          },
        );
      }
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'content_created',
        data: { name: body.name },
        entityType: 'media',
        entityId: row!.id,
      });
      return [row!, unused];
    }),
  );
  deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
  return answer(deps, row, warning);
}

/**
 * What an edit of a feed's or a web page's address needs before its transaction (never a fetch
 * while rows are locked): the feed's new items (a failure refuses the edit), the page's warning.
 */
async function fetchBeforeEdit(deps: ContentDeps, actor: SessionUser, id: number, body: MediaUpdate) {
  if (body.options === undefined) return { fetched: null, warning: null };
  const [current] = await deps.db
    .select({ mimeType: media.mimeType, options: media.options })
    .from(media)
    .where(and(eq(media.id, id), visibleTo(media.workspaceId, actor)));
  const kind = current && mediaKindOf(current.mimeType);
  if (kind !== 'feed' && kind !== 'webpage') return { fetched: null, warning: null };
  const parsed = contentOptionsSchemas[kind].safeParse(body.options);
  if (!parsed.success) throw validationError(parsed.error);
  const url = parsed.data.url;
  if (url === (current!.options as { url?: string } | null)?.url) return { fetched: null, warning: null };
  if (kind === 'feed') {
    const fetched = await fetchFeedOrRefuse(deps.feeds, parsed.data as FeedOptions);
    return {
      fetched,
      warning: null,
      pictures: await fetchNewPictures(deps, await storedPictureSources(deps.db, id), fetched.items ?? []),
    };
  }
  const warning = await checkWebpageFraming(deps.feeds, (parsed.data as WebpageOptions).url, deps.playerOrigin);
  return { fetched: null, warning, framing: warning !== null };
}

/**
 * `PUT /api/media/{id}`: a new name, and for a content item or a PDF new options, checked by the
 * item's own kind. Images and videos take a name only. Once committed, the playlists that show
 * it are announced, so their TVs get the change with their next manifest (pushed at once). A feed
 * with a new address is fetched first (refused with the reason when it fails); other changes to
 * a feed's options queue its refresh in the same transaction.
 */
export async function updateMedia(
  deps: ContentDeps,
  actor: SessionUser,
  id: number,
  body: MediaUpdate,
): Promise<Media> {
  const fetched = await fetchBeforeEdit(deps, actor, id, body);
  const fresh = fetched.pictures ?? [];
  let queued = false;
  let unused: string[] | null = null;
  const { row, using } = await settlePictures(deps, fresh, async () => [
    await deps.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(media)
        .where(and(eq(media.id, id), visibleTo(media.workspaceId, actor)))
        .for('update');
      if (!current) throw notFound(messages.media.notFound);
      const kind = mediaKindOf(current.mimeType);
      const changes: Partial<typeof media.$inferInsert> = {};
      if (body.name !== undefined) changes.originalName = body.name;
      if (body.options !== undefined) {
        if (kind === 'file') throw new HttpError(400, contentMessages.fileHasNoOptions);
        const parsed = contentOptionsSchemas[kind].safeParse(body.options);
        if (!parsed.success) throw validationError(parsed.error);
        changes.options = parsed.data;
        // A PDF's hash stays its file's; a content item's follows what it shows.
        if (kind === 'feed') {
          const options = parsed.data as FeedOptions;
          if (fetched.fetched) {
            // A new address: its items with their pictures; the old address's pictures go.
            const applied = await applyPictures(tx, id, fetched.fetched.items ?? [], fresh);
            unused = applied.unusedKeys;
            await insertFeedState(tx, id, options, { ...fetched.fetched, items: applied.items });
          } else {
            // Same address: the last items stay until the refresh queued here applies the new options,
            // reading the feed whole (validators dropped: a 304 would keep items cut by the old maxItems).
            await tx.update(feedStates).set({ etag: null, lastModified: null }).where(eq(feedStates.mediaId, id));
            queued = (await queueFeedRefresh(deps.db, deps.jobs, id, current.workspaceId, tx)) !== null;
          }
          changes.sha256 = feedVersion(options);
        } else if (kind !== 'pdf') {
          // A page's framing is read again only with a new address (fetchBeforeEdit).
          const refused = fetched.framing === undefined ? current.framingRefused : fetched.framing;
          if (kind === 'webpage') changes.framingRefused = refused;
          changes.sha256 = contentVersion(kind, parsed.data, kind === 'webpage' && refused);
        }
        // A rendered PDF's duration is its pages × seconds per page (docs/content.md#pdf); one still
        // processing gets it when its job commits, from the options then.
        else if (current.status === 'ready') changes.duration = pdfDuration(await pageCountOf(tx, id), parsed.data);
      }
      const [row] = await tx.update(media).set(changes).where(eq(media.id, id)).returning();
      await recordActivity(tx, {
        ...ownedBy(actor),
        type: 'media_updated',
        data: { name: row!.originalName },
        entityType: 'media',
        entityId: id,
      });
      const using = await playlistsUsing(tx, id);
      return { row: row!, using };
    }),
    unused,
  ]);
  if (queued) deps.jobs.wake();
  deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
  for (const p of using) deps.bus.publish({ type: 'playlist.changed', playlistId: p.id, workspaceId: p.workspaceId });
  return answer(deps, row, fetched.warning);
}
