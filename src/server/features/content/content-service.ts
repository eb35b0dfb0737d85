import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  PDF_MIME_TYPE,
  contentMimeType,
  contentOptionsSchemas,
  mediaKindOf,
  type ContentCreate,
  type MediaUpdate,
} from '../../../contract/content';
import { contentMessages } from '../../../contract/content-messages';
import type { Media } from '../../../contract/media';
import { messages } from '../../../contract/messages';
import { ownedBy, visibleTo } from '../../auth/tenancy';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { media, playlistItems, playlists } from '../../db/schema';
import { HttpError, notFound, validationError } from '../../http/errors';
import type { EventBus } from '../../realtime/event-bus';
import { recordActivity } from '../activities/activity-service';
import { pageCountOf } from '../media/media-pages';
import { presentMedia } from '../media/media-presenter';
import { pdfDuration } from '../media/process-pdf';

export interface ContentDeps {
  db: Db;
  bus: EventBus;
}

/**
 * What a content item shows, hashed: its `sha256` (docs/content.md#manifest). The player takes a
 * new hash for a new item, so an edit is swapped in like a replaced file.
 */
export const contentVersion = (kind: string, options: unknown) =>
  createHash('sha256')
    .update(`${kind}\n${JSON.stringify(options)}`)
    .digest('hex');

/** `POST /api/media/content`: a content item, ready at once (it has no file to process). */
export async function createContent(deps: ContentDeps, actor: SessionUser, body: ContentCreate): Promise<Media> {
  const row = await deps.db.transaction(async (tx) => {
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
        sha256: contentVersion(body.kind, body.options),
        status: 'ready',
        options: body.options,
      })
      .returning();
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: 'content_created',
      data: { name: body.name },
      entityType: 'media',
      entityId: row!.id,
    });
    return row!;
  });
  deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
  return presentMedia(row);
}

/**
 * `PUT /api/media/{id}`: a new name, and for a content item or a PDF new options, checked by the
 * item's own kind. Images and videos take a name only. Once committed, the playlists that show
 * it are announced, so their TVs get the change with their next manifest (pushed at once).
 */
export async function updateMedia(
  deps: ContentDeps,
  actor: SessionUser,
  id: number,
  body: MediaUpdate,
): Promise<Media> {
  const { row, using } = await deps.db.transaction(async (tx) => {
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
      if (kind !== 'pdf') changes.sha256 = contentVersion(kind, parsed.data);
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
    const using = await tx
      .selectDistinct({ id: playlists.id, workspaceId: playlists.workspaceId })
      .from(playlistItems)
      .innerJoin(playlists, eq(playlists.id, playlistItems.playlistId))
      .where(eq(playlistItems.mediaId, id));
    return { row: row!, using };
  });
  deps.bus.publish({ type: 'media.changed', mediaId: row.id, workspaceId: row.workspaceId });
  for (const p of using) deps.bus.publish({ type: 'playlist.changed', playlistId: p.id, workspaceId: p.workspaceId });
  // A PDF's page count, as the list gives it (null until rendered).
  return presentMedia(
    row,
    row.mimeType === PDF_MIME_TYPE ? (await pageCountOf(deps.db, row.id)) || undefined : undefined,
  );
}
