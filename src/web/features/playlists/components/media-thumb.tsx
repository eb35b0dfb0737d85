import { isImageMime, isVideoMime } from '@contract/media';
import { cn } from '@web/lib/cn';
import { FileIcon, FileX, Film, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import type { MediaInfo } from '../lib/media-search';

/**
 * A small square picture of a media: the thumbnail for images (docs/product.md#screens), the kind's icon
 * otherwise, or a crossed file when the media is missing. Decorative: the row names the file.
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
  const Icon = isImageMime(media.mimeType) ? ImageIcon : isVideoMime(media.mimeType) ? Film : FileIcon;
  return (
    <span className={box}>
      <Icon className="size-5" aria-hidden="true" />
    </span>
  );
}

/** "Imagem", "Vídeo" or "Arquivo". */
export const mediaKindOf = (mimeType: string): 'image' | 'video' | 'other' =>
  isImageMime(mimeType) ? 'image' : isVideoMime(mimeType) ? 'video' : 'other';
