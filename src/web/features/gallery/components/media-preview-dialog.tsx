import { messages } from '@contract/messages';
import { mediaDownloadUrl, type Media } from '@contract/media';
import { ProcessingState } from './media-thumbnail';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { t } from '@web/i18n/pt-br';
import { formatBytes, formatDate, formatDuration } from '@web/lib/format';
import { ContentPreview } from '@web/components/content-preview/content-preview';
import { DISPLAY_KIND_ICONS, isContentKind } from '@web/lib/media-kinds';
import { Download, Pencil, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatName, mediaKind } from '../lib/media-kind';

type Actions = { onRemove: (media: Media) => void; onEdit: (media: Media) => void };
type MediaPreviewDialogProps = Actions & { media: Media | null; onClose: () => void };

/**
 * The image or the playable video, its details, download and delete (docs/product.md#screens); a
 * content item drawn from its options, with Editar in place of the download
 * (docs/content.md#in-the-panel).
 */
export function MediaPreviewDialog({ media, onClose, ...actions }: MediaPreviewDialogProps) {
  return (
    <Dialog open={media !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl grid-cols-[minmax(0,1fr)]">
        {media ? <PreviewBody media={media} {...actions} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PreviewBody({ media, onRemove, onEdit }: Actions & { media: Media }) {
  const kind = mediaKind(media.mimeType);
  const content = isContentKind(kind);
  const KindIcon = DISPLAY_KIND_ICONS[kind];
  return (
    <>
      <DialogHeader>
        <DialogTitle className="truncate leading-normal" title={media.originalName}>
          {media.originalName}
        </DialogTitle>
        <DialogDescription className="sr-only">{t.gallery.preview.description}</DialogDescription>
      </DialogHeader>

      <div className="bg-muted relative flex min-h-48 items-center justify-center overflow-hidden rounded-md">
        <ProcessingState media={media} />
        {content ? (
          <ContentPreview kind={kind} options={media.options} />
        ) : kind === 'image' ? (
          <img src={media.url} alt={media.originalName} className="max-h-[60vh] w-auto max-w-full object-contain" />
        ) : kind === 'video' ? (
          <video
            controls
            src={media.url}
            poster={media.thumbnailUrl ?? undefined}
            preload="metadata"
            playsInline
            className="max-h-[60vh] w-full bg-black"
          >
            {messages.media.videoUnsupported}
          </video>
        ) : (
          <div className="text-muted-foreground flex flex-col items-center gap-3 p-10 text-center">
            <KindIcon className="size-12" aria-hidden="true" />
            <p>{messages.media.previewUnavailable}</p>
          </div>
        )}
      </div>

      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        {content ? null : <Detail label={t.gallery.preview.size}>{formatBytes(media.size)}</Detail>}
        <Detail label={t.gallery.preview.type}>
          {content ? t.gallery.types[kind] : `${t.gallery.types[kind]} · ${formatName(media.mimeType)}`}
        </Detail>
        {media.duration !== null ? (
          <Detail label={t.gallery.preview.duration}>{formatDuration(media.duration)}</Detail>
        ) : null}
        <Detail label={content ? t.gallery.preview.createdAt : t.gallery.preview.uploadedAt}>
          {formatDate(media.createdAt)}
        </Detail>
      </dl>

      <DialogFooter>
        <Button variant="outline" className="text-destructive hover:text-destructive" onClick={() => onRemove(media)}>
          <Trash2 aria-hidden="true" />
          {t.gallery.preview.remove}
        </Button>
        {content ? (
          <Button onClick={() => onEdit(media)}>
            <Pencil aria-hidden="true" />
            {t.content.editShort}
          </Button>
        ) : (
          <Button asChild>
            <a href={mediaDownloadUrl(media.id)} download={media.originalName}>
              <Download aria-hidden="true" />
              {t.gallery.preview.download}
            </a>
          </Button>
        )}
      </DialogFooter>
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
