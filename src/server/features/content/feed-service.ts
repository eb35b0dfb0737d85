import { and, eq, lte, sql } from 'drizzle-orm';
import { feedOptionsSchema, mediaKindOf, type FeedOptions, type FeedStatus } from '../../../contract/content';
import { contentMessages } from '../../../contract/content-messages';
import { messages } from '../../../contract/messages';
import type { SessionUser } from '../../auth/session-user';
import { visibleTo } from '../../auth/tenancy';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { anyOf } from '../../db/any-of';
import {
  feedImages,
  feedStates,
  jobs as jobsTable,
  media,
  playlistItems,
  playlists,
  type StoredFeedItem,
} from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import type { JobQueue } from '../../jobs/job-queue';
import type { DomainEvent, EventBus } from '../../realtime/event-bus';
import type { MediaStore } from '../../storage/media-store';
import {
  applyPictures,
  fetchNewPictures,
  settlePictures,
  type FeedPictureDeps,
  type StoredPicture,
} from './feed-images';
import { FetchError, safeFetch, type Validators } from './feed-fetch';
import { decodeFeed, parseFeed } from './feed-parse';
import { contentVersion } from './content-version';

export const FEED_REFRESH_JOB = 'feeds.refresh';
export const FEED_SCAN_JOB = 'feeds.scan';
/** Feeds queued by one pass of the scan; the rest wait for the next minute. */
const SCAN_BATCH = 200;

export interface FeedDeps {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  feeds: Config['feeds'];
  /** Where the items' pictures are stored (docs/content.md#feeds), and written first. */
  store: MediaStore;
  tmpDir: string;
  log?: FeedPictureDeps['log'];
}

/** A fetched feed: its items (null: unchanged since `validators`, a 304) and its new validators. */
export interface FetchedFeed {
  items: StoredFeedItem[] | null;
  etag: string | null;
  lastModified: string | null;
}

/** One fetch and parse of a feed: its newest `maxItems` items, or a `FetchError` saying why not. */
export async function fetchFeedItems(
  limits: Config['feeds'],
  options: FeedOptions,
  validators: Validators = {},
): Promise<FetchedFeed> {
  const page = await safeFetch(options.url, limits, { validators });
  const header = (name: string) => {
    const value = page.headers[name];
    return typeof value === 'string' && value.length <= 500 ? value : null;
  };
  const kept = { etag: header('etag'), lastModified: header('last-modified') };
  if (page.status === 304)
    return {
      items: null,
      etag: kept.etag ?? validators.etag ?? null,
      lastModified: kept.lastModified ?? validators.lastModified ?? null,
    };
  return { items: parseFeed(decodeFeed(page.body, page.headers['content-type']), options.maxItems, page.url), ...kept };
}

/** A first fetch (no validators), a failure as the 400 the creation or the edit answers (nothing is saved). */
export async function fetchFeedOrRefuse(limits: Config['feeds'], options: FeedOptions): Promise<FetchedFeed> {
  try {
    return await fetchFeedItems(limits, options);
  } catch (error) {
    if (error instanceof FetchError) throw new HttpError(400, error.message);
    throw error;
  }
}

/**
 * A feed's version (its `sha256`): its options only. New items then keep the item's key on the TV,
 * so the layer showing the feed takes them without reloading: a ticker does not start over
 * (docs/content.md#the-player). The TVs still get them: the window's manifest version covers them.
 */
export const feedVersion = (options: FeedOptions) => contentVersion('feed', options);

const nextFetch = (options: FeedOptions) => new Date(Date.now() + options.refreshMinutes * 60_000);

/** A new feed's state, its first items fetched at creation, next due after its interval. */
export async function insertFeedState(tx: Tx, mediaId: number, options: FeedOptions, fetched: FetchedFeed) {
  const now = new Date();
  const values = {
    items: fetched.items ?? [],
    etag: fetched.etag,
    lastModified: fetched.lastModified,
    lastSuccessAt: now,
    lastAttemptAt: now,
    lastError: null,
    nextFetchAt: nextFetch(options),
  };
  await tx
    .insert(feedStates)
    .values({ mediaId, ...values })
    .onConflictDoUpdate({ target: feedStates.mediaId, set: values });
}

/**
 * Queues a refresh of the feed, due now (one at a time per feed: its singleton key). When its
 * next turn is already queued for later (queued at creation), that job is brought forward instead.
 * Given `tx`, both happen in it; the caller wakes the queue after the commit.
 */
export async function queueFeedRefresh(db: Db | Tx, jobs: JobQueue, mediaId: number, workspaceId: number, tx?: Tx) {
  const singletonKey = `feed:${mediaId}`;
  const id = await jobs.enqueue(FEED_REFRESH_JOB, { mediaId }, { singletonKey, workspaceId, ...(tx ? { tx } : {}) });
  if (id !== null) return id;
  const moved = await (tx ?? db)
    .update(jobsTable)
    .set({ runAt: sql`now()` })
    .where(
      and(
        eq(jobsTable.kind, FEED_REFRESH_JOB),
        eq(jobsTable.singletonKey, singletonKey),
        eq(jobsTable.status, 'queued'),
        sql`${jobsTable.runAt} > now()`,
      ),
    )
    .returning({ id: jobsTable.id });
  if (moved.length > 0 && !tx) jobs.wake();
  return moved[0]?.id ?? null;
}

/** Playlists to announce: those showing a media item that changed. */
type Announced = Array<{ id: number; workspaceId: number }>;

/** The playlists showing a media item, to announce once it changed. */
export const playlistsUsing = (db: Db | Tx, mediaId: number) =>
  db
    .selectDistinct({ id: playlists.id, workspaceId: playlists.workspaceId })
    .from(playlistItems)
    .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
    .where(eq(playlistItems.mediaId, mediaId));

/**
 * The `feeds.refresh` job's work (docs/content.md#feeds): fetches the feed once. Success replaces
 * its items; when they changed, the playlists showing it are to be announced, so the TVs' manifests
 * carry the new items. A failure keeps the last items and records why (pt-BR): the feed's fault,
 * not the job's, so the job completes and the next try is the feed's next turn. Answers the events
 * to publish: it may run on a thread of its own, which has no bus (feed-refresh-thread.ts).
 */
export async function refreshFeed(deps: FeedPictureDeps, mediaId: number): Promise<DomainEvent[]> {
  // One read for the feed, its last answer's validators and the pictures it has stored (each round
  // trip wakes the database and the loop the TVs share: docs/benchmarks.md); the items are read
  // under the lock below, where they are compared.
  const [row] = await deps.db
    .select({
      mimeType: media.mimeType,
      options: media.options,
      workspaceId: media.workspaceId,
      etag: feedStates.etag,
      lastModified: feedStates.lastModified,
      pictureSources: sql<string[]>`(select coalesce(json_agg(${feedImages.sourceUrl}), '[]'::json)
        from ${feedImages} where ${feedImages.mediaId} = ${media.id})`,
    })
    .from(media)
    .leftJoin(feedStates, eq(feedStates.mediaId, media.id))
    .where(eq(media.id, mediaId));
  if (!row || mediaKindOf(row.mimeType) !== 'feed') return []; // removed meanwhile
  const parsed = feedOptionsSchema.safeParse(row.options ?? {});
  if (!parsed.success) return [];
  const options = parsed.data;
  let fetched: FetchedFeed | null = null;
  let failure: string | null = null;
  try {
    // Conditional (ETag, Last-Modified): an unchanged feed answers 304 and sends nothing. An edit
    // of the options clears them, so the items are then read again (docs/content.md#feeds).
    fetched = await fetchFeedItems(deps.feeds, options, { etag: row.etag, lastModified: row.lastModified });
  } catch (error) {
    if (!(error instanceof FetchError)) throw error;
    failure = error.message;
  }
  // The pictures first, outside the transaction: stored before their rows (feed-images.ts).
  const fresh = fetched?.items ? await fetchNewPictures(deps, row.pictureSources, fetched.items) : [];
  const now = new Date();
  const announce = await settlePictures(deps, fresh, () =>
    deps.db.transaction(async (tx): Promise<[Announced, string[] | null]> => {
      // Edited (or removed) during the fetch: what was fetched is for the old options. The edit could
      // not queue its refresh (this job held the singleton), so the feed is due now: the next scan
      // reads it with the new options.
      // The media row's lock alone: every writer of the feed's state and pictures (the edit, this
      // job) takes it first, so what is read with it cannot move before the commit. Read with it:
      // the pictures' rows and the playlists to announce (one round trip, not three).
      const [current] = await tx
        .select({
          options: media.options,
          items: feedStates.items,
          pictures: sql<StoredPicture[]>`(select coalesce(json_agg(json_build_object(
              'filename', ${feedImages.filename}, 'sourceUrl', ${feedImages.sourceUrl}, 'sha256', ${feedImages.sha256})),
            '[]'::json) from ${feedImages} where ${feedImages.mediaId} = ${media.id})`,
          playlists: sql<Announced>`(select coalesce(json_agg(json_build_object('id', used.id, 'workspaceId', used.workspace_id)),
            '[]'::json) from (select distinct ${playlists.id}, ${playlists.workspaceId} from ${playlistItems}
              join ${playlists} on ${playlists.id} = ${playlistItems.playlistId}
              where ${playlistItems.mediaId} = ${media.id}) as used)`,
        })
        .from(media)
        .leftJoin(feedStates, eq(feedStates.mediaId, media.id))
        .where(eq(media.id, mediaId))
        .for('update', { of: media });
      if (!current) return [[], null];
      if (JSON.stringify(current.options) !== JSON.stringify(row.options)) {
        await tx.update(feedStates).set({ nextFetchAt: new Date() }).where(eq(feedStates.mediaId, mediaId));
        return [[], null];
      }
      const before = current.items ?? [];
      const base = { lastAttemptAt: now, nextFetchAt: nextFetch(options) };
      // New items get their pictures (a 304 keeps the last items, pictures and all).
      const applied = fetched?.items ? await applyPictures(tx, mediaId, fetched.items, fresh, current.pictures) : null;
      const items = fetched ? (applied?.items ?? before) : null;
      const values = items
        ? {
            ...base,
            items,
            etag: fetched!.etag,
            lastModified: fetched!.lastModified,
            lastSuccessAt: now,
            lastError: null,
          }
        : { ...base, lastError: failure, items: before };
      await tx
        .insert(feedStates)
        .values({ mediaId, ...values })
        .onConflictDoUpdate({ target: feedStates.mediaId, set: values });
      const changed = items !== null && JSON.stringify(items) !== JSON.stringify(before);
      return [changed ? current.playlists : [], applied?.unusedKeys ?? null];
    }),
  );
  return [
    { type: 'media.changed', mediaId, workspaceId: row.workspaceId },
    ...announce.map((p) => ({ type: 'playlist.changed' as const, playlistId: p.id, workspaceId: p.workspaceId })),
  ];
}

/** The `feeds.scan` job: queues a refresh of every feed whose turn came (`next_fetch_at`). */
export async function queueDueFeeds(deps: FeedDeps): Promise<number> {
  const due = await deps.db
    .select({ id: feedStates.mediaId, workspaceId: media.workspaceId })
    .from(feedStates)
    .innerJoin(media, eq(media.id, feedStates.mediaId))
    .where(lte(feedStates.nextFetchAt, sql`now()`))
    .orderBy(feedStates.nextFetchAt)
    .limit(SCAN_BATCH);
  let queued = 0;
  for (const feed of due)
    if ((await queueFeedRefresh(deps.db, deps.jobs, feed.id, feed.workspaceId)) !== null) queued++;
  return queued;
}

/** `POST /api/media/{id}/refresh`: a refresh of the caller's feed, now (202); 400 for any other media. */
export async function requestFeedRefresh(deps: FeedDeps, actor: SessionUser, id: number) {
  const [row] = await deps.db
    .select({ id: media.id, mimeType: media.mimeType, workspaceId: media.workspaceId })
    .from(media)
    .where(and(eq(media.id, id), visibleTo(media.workspaceId, actor)));
  if (!row) throw notFound(messages.media.notFound);
  if (mediaKindOf(row.mimeType) !== 'feed') throw new HttpError(400, contentMessages.notAFeed);
  await queueFeedRefresh(deps.db, deps.jobs, row.id, row.workspaceId);
  return { queued: true as const };
}

/** The feeds' states by media id, for the media list (one query for any number of feeds). */
export async function feedStatusesOf(db: Db, mediaIds: number[]): Promise<Map<number, FeedStatus>> {
  const statuses = new Map<number, FeedStatus>();
  if (mediaIds.length === 0) return statuses;
  const rows = await db.select().from(feedStates).where(anyOf(feedStates.mediaId, mediaIds));
  for (const r of rows)
    statuses.set(r.mediaId, {
      itemCount: r.items.length,
      lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
      lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
      lastError: r.lastError,
    });
  return statuses;
}
