import { mediaDownloadUrl, type Media } from '@contract/media';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { t } from '@web/i18n/pt-br';
import { formatBytes, formatDate, formatDuration } from '@web/lib/format';
import { DISPLAY_KIND_ICONS, isContentKind } from '@web/lib/media-kinds';
import { Calendar, Clock, Download, Eye, HardDrive, Pencil } from 'lucide-react';
import { mediaKind } from '../lib/media-kind';
import { FeedStatus } from './feed-status';
import { MediaThumbnail } from './media-thumbnail';

type MediaCardProps = {
  media: Media;
  onView: (media: Media) => void;
  onRemove: (media: Media) => void;
  /** Content items only (docs/content.md#in-the-panel): opens their form. */
  onEdit: (media: Media) => void;
};

export function MediaCard({ media, onView, onRemove, onEdit }: MediaCardProps) {
  const kind = mediaKind(media.mimeType);
  const content = isContentKind(kind);
  const KindIcon = DISPLAY_KIND_ICONS[kind];
  const name = media.originalName;
  return (
    <Card className="group flex h-full flex-col overflow-hidden" data-testid={`media-card-${media.id}`}>
      {/* A mouse shortcut to the preview; keyboard and screen-reader users have the Visualizar button. */}
      <div className="cursor-pointer" onClick={() => onView(media)}>
        <MediaThumbnail media={media} className="border-b" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start gap-2">
          <h3 className="min-w-0 flex-1 truncate font-semibold" title={name}>
            {name}
          </h3>
          <Badge variant={kind === 'video' ? 'default' : 'secondary'} className="shrink-0 gap-1">
            {content ? <KindIcon className="size-3" aria-hidden="true" /> : null}
            {t.gallery.types[kind]}
          </Badge>
        </div>
        <dl className="text-muted-foreground grid gap-1.5 text-sm">
          {/* A content item has no file: no size to show. */}
          <div className={content ? 'hidden' : 'flex items-center gap-2'}>
            <dt>
              <HardDrive className="size-4" aria-hidden="true" />
              <span className="sr-only">{t.gallery.card.size}</span>
            </dt>
            <dd>{formatBytes(media.size)}</dd>
            {media.duration !== null ? (
              <>
                <dt className="ml-2">
                  <Clock className="size-4" aria-hidden="true" />
                  <span className="sr-only">{t.gallery.card.duration}</span>
                </dt>
                <dd className="tabular-nums">{formatDuration(media.duration)}</dd>
              </>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <dt>
              <Calendar className="size-4" aria-hidden="true" />
              <span className="sr-only">{t.gallery.card.date}</span>
            </dt>
            <dd>
              {content
                ? t.gallery.card.createdAt(formatDate(media.createdAt))
                : t.gallery.card.uploadedAt(formatDate(media.createdAt))}
            </dd>
          </div>
        </dl>
        {media.kind === 'feed' ? <FeedStatus media={media} /> : null}
        <div className="mt-auto flex justify-end gap-1 border-t pt-3">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t.gallery.card.view(name)}
            title={t.gallery.card.view(name)}
            onClick={() => onView(media)}
          >
            <Eye aria-hidden="true" />
          </Button>
          {content ? (
            <Button
              variant="ghost"
              size="icon"
              aria-label={t.content.edit(name)}
              title={t.content.edit(name)}
              onClick={() => onEdit(media)}
            >
              <Pencil aria-hidden="true" />
            </Button>
          ) : (
            <Button variant="ghost" size="icon" asChild>
              <a
                href={mediaDownloadUrl(media.id)}
                download={name}
                aria-label={t.gallery.card.download(name)}
                title={t.gallery.card.download(name)}
              >
                <Download aria-hidden="true" />
              </a>
            </Button>
          )}
          <RemoveIconButton label={t.gallery.card.remove(name)} onClick={() => onRemove(media)} />
        </div>
      </div>
    </Card>
  );
}
