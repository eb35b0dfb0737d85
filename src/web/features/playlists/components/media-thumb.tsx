import { isImageMime } from '@contract/media';
import { cn } from '@web/lib/cn';
import { DISPLAY_KIND_ICONS, displayKindOf, isContentKind } from '@web/lib/media-kinds';
import { FileX } from 'lucide-react';
import { useState } from 'react';
import type { MediaInfo } from '../lib/media-search';

/**
 * A small square picture of a media: the thumbnail for images (docs/product.md#screens), the kind's icon
 * otherwise (a content item's too, docs/content.md#in-the-panel), or a crossed file when the media
 * is missing. Decorative: the row names the file.
 */
export function MediaThumb({ media, className }: { media: MediaInfo | undefined; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn(
    'bg-muted text-muted-foreground flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md',
    className,
  );
  if (!media) {
    return (
      <span className={box}>
        <FileX className="size-5" aria-hidden="true" />
      </span>
    );
  }
  if (isImageMime(media.mimeType) && media.thumbnailUrl && !failed) {
    return (
      <span className={box}>
        <img
          src={media.thumbnailUrl}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      </span>
    );
  }
  const Icon = DISPLAY_KIND_ICONS[displayKindOf(media.mimeType)];
  return (
    <span className={cn(box, isContentKind(displayKindOf(media.mimeType)) && 'bg-primary/10 text-primary')}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/**
 * The row's details: the kind ("Letreiro", "Vídeo"...), then the size for a file (a content item
 * has none).
 */
export function kindAndSize(media: Pick<MediaInfo, 'mimeType' | 'size'>, formatBytes: (n: number) => string) {
  const kind = displayKindOf(media.mimeType);
  return { kind, size: isContentKind(kind) ? null : formatBytes(media.size) };
}
