import type { ContentKind } from '@contract/content';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { displayKindLabel } from '@web/lib/media-kinds';
import { useSession } from '@web/lib/session';
import { ClockPreview } from './clock-preview';
import { FeedPreview } from './feed-preview';
import type { PreviewOptions } from './preview-options';
import { QrcodePreview } from './qrcode-preview';
import { TextPreview } from './text-preview';
import { TickerPreview } from './ticker-preview';
import { WebpagePreview } from './webpage-preview';

type ContentPreviewProps = { kind: ContentKind; options: PreviewOptions | null; className?: string };

/**
 * A content item as a TV would draw it, in a 16:9 box (docs/content.md#in-the-panel): the gallery's
 * form shows it live while typing, the preview dialog and the playlist wizard from saved options.
 * The box is a size container, so sizes follow its height like the player's follow the zone's.
 */
export function ContentPreview({ kind, options, className }: ContentPreviewProps) {
  const { workspace } = useSession();
  const timeZone = workspace?.timeZone ?? DEFAULT_TIME_ZONE;
  const o = options ?? {};
  return (
    <figure
      aria-label={t.content.previewLabel(displayKindLabel(kind))}
      data-testid={`content-preview-${kind}`}
      className={cn('relative aspect-video w-full overflow-hidden rounded-md [container-type:size]', className)}
    >
      {kind === 'text' ? (
        <TextPreview options={o} />
      ) : kind === 'ticker' ? (
        <TickerPreview options={o} lines={linesOf(o)} />
      ) : kind === 'clock' ? (
        <ClockPreview options={o} timeZone={timeZone} />
      ) : kind === 'qrcode' ? (
        <QrcodePreview options={o} />
      ) : kind === 'webpage' ? (
        <WebpagePreview options={o} />
      ) : (
        <FeedPreview options={o} />
      )}
    </figure>
  );
}

const linesOf = (o: PreviewOptions): string[] =>
  Array.isArray(o.lines)
    ? o.lines.filter((line): line is string => typeof line === 'string' && line.trim() !== '')
    : [];
