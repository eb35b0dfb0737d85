import type { Media } from '@contract/media';
import { cn } from '@web/lib/cn';
import { formatDuration } from '@web/lib/format';
import { t } from '@web/i18n/pt-br';
import { DISPLAY_KIND_ICONS, displayKindLabel, isContentKind } from '@web/lib/media-kinds';
import { AlertTriangle, Loader2, Play } from 'lucide-react';
import { useState } from 'react';
import { mediaKind } from '../lib/media-kind';

/**
 * The card's 16:9 picture: the server's WebP thumbnail (a poster frame for videos, with a play
 * mark and the duration on top), or the kind's icon when there is none or it fails to load. A
 * content item (docs/content.md#in-the-panel) has no thumbnail: its kind's icon and label.
 * Decorative: the card's heading names the file.
 */
export function MediaThumbnail({ media, className }: { media: Media; className?: string }) {
  const kind = mediaKind(media.mimeType);
  const [failed, setFailed] = useState(false);
  const showImage = media.thumbnailUrl !== null && !failed;
  const Icon = DISPLAY_KIND_ICONS[kind];
  return (
    <div className={cn('bg-muted relative aspect-video overflow-hidden', className)}>
      {showImage ? (
        <img
          src={media.thumbnailUrl ?? undefined}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      ) : (
        <div
          className="text-muted-foreground flex size-full flex-col items-center justify-center gap-2"
          data-testid="thumbnail-fallback"
        >
          <Icon className="size-10" aria-hidden="true" />
          {/* The badge names the kind for screen readers; this is the picture's caption. */}
          {isContentKind(kind) ? (
            <span className="text-sm font-medium" aria-hidden="true">
              {displayKindLabel(kind)}
            </span>
          ) : null}
        </div>
      )}
      {kind === 'video' ? (
        <>
          <span className="absolute inset-0 flex items-center justify-center" aria-hidden="true">
            <span className="flex size-11 items-center justify-center rounded-full bg-black/55 text-white shadow-md backdrop-blur-sm">
              <Play className="ml-0.5 size-5 fill-current" />
            </span>
          </span>
          {media.duration !== null ? (
            <span
              className="absolute right-2 bottom-2 rounded bg-black/70 px-1.5 py-0.5 text-xs font-medium text-white tabular-nums"
              aria-hidden="true"
            >
              {formatDuration(media.duration)}
            </span>
          ) : null}
        </>
      ) : null}
      <ProcessingState media={media} />
    </div>
  );
}

/**
 * While the server derives the thumbnail, duration and poster (docs/media.md#processing) the card says so; the
 * list refreshes by itself when the processing ends (realtime `media_update`, or polling).
 */
export function ProcessingState({ media }: { media: Media }) {
  if (media.status === 'ready') return null;
  const processing = media.status === 'processing';
  return (
    <span
      role="status"
      data-testid={`media-status-${media.id}`}
      data-status={media.status}
      title={processing ? undefined : t.gallery.card.failedHint}
      className={cn(
        'absolute inset-x-0 top-0 flex items-center gap-1.5 px-2 py-1 text-xs font-medium text-white',
        processing ? 'bg-black/65' : 'bg-destructive/90',
      )}
    >
      {processing ? (
        <Loader2 className="size-3.5 animate-spin" aria-hidden="true" />
      ) : (
        <AlertTriangle className="size-3.5" aria-hidden="true" />
      )}
      {processing ? t.gallery.card.processing : t.gallery.card.failed}
    </span>
  );
}
