import { isImageMime, isVideoMime } from '@contract/media';
import { messages } from '@contract/messages';
import { ContentPreview } from '@web/components/content-preview/content-preview';
import { Button } from '@web/components/ui/button';
import { DISPLAY_KIND_ICONS, displayKindOf, isContentKind } from '@web/lib/media-kinds';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { formatBytes, formatDuration } from '@web/lib/format';
import { FileX, ListVideo, Pause, Play, SkipBack, SkipForward } from 'lucide-react';
import { useEffect, useReducer, type ReactNode } from 'react';
import type { MediaInfo } from '../lib/media-search';
import { formatStartDate } from '../lib/playlist-format';
import type { PlaylistInfoValues } from '../lib/playlist-form';
import { currentIndex, initialPreview, itemDelayMs, positionLabel, previewReducer } from '../lib/preview';
import { totalDuration, type WizardItem } from '../lib/wizard';

type PreviewStepProps = {
  info: PlaylistInfoValues;
  items: readonly WizardItem[];
  media: ReadonlyMap<number, MediaInfo>;
  totalSize: number;
};

const l = t.playlists.wizard.preview;

/** Step 3, "Preview": the player, the summary and the playback order (docs/product.md#screens and #states). */
export function PreviewStep({ info, items, media, totalSize }: PreviewStepProps) {
  const [preview, dispatch] = useReducer(previewReducer, initialPreview);
  const count = items.length;
  const index = currentIndex(preview, count);
  const item = count > 0 ? items[index] : undefined;
  const itemMedia = item ? media.get(item.mediaId) : undefined;
  const delay = item ? itemDelayMs(item.duration) : null;
  const kind = itemMedia ? displayKindOf(itemMedia.mimeType) : 'other';
  const contentKind = isContentKind(kind) ? kind : null;
  const KindIcon = DISPLAY_KIND_ICONS[kind];

  // While playing, the current item stays for its duration, then the next one (wrapping) comes.
  // `preview` is a dependency so a one-item playlist keeps cycling too.
  useEffect(() => {
    if (!preview.playing || delay === null) return;
    const timer = window.setTimeout(() => dispatch({ type: 'advance', count }), delay);
    return () => window.clearTimeout(timer);
  }, [preview, delay, count]);

  const name = itemMedia?.originalName ?? messages.media.missingInPreview;
  const startDate = formatStartDate(typeof info.startDate === 'string' ? info.startDate : null);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-5">
      <section
        aria-labelledby="preview-player-heading"
        className="grid grid-cols-1 min-w-0 content-start gap-3 lg:col-span-3"
      >
        <h3 id="preview-player-heading" className="sr-only">
          {l.player}
        </h3>
        <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-lg bg-neutral-950 text-neutral-300">
          {!item ? (
            <p className="text-sm">{l.empty}</p>
          ) : !itemMedia ? (
            <Placeholder icon={<FileX className="size-10" aria-hidden="true" />}>
              {messages.media.missingInPreview}
            </Placeholder>
          ) : contentKind ? (
            itemMedia.options ? (
              <ContentPreview
                key={item.mediaId}
                kind={contentKind}
                options={itemMedia.options}
                className="rounded-none"
              />
            ) : (
              <Placeholder icon={<KindIcon className="size-10" aria-hidden="true" />}>
                {itemMedia.originalName}
              </Placeholder>
            )
          ) : isImageMime(itemMedia.mimeType) ? (
            <img
              key={item.mediaId}
              src={itemMedia.url}
              alt={itemMedia.originalName}
              className="size-full object-contain"
            />
          ) : isVideoMime(itemMedia.mimeType) ? (
            <video
              key={item.mediaId}
              src={itemMedia.url}
              aria-label={itemMedia.originalName}
              className="size-full object-contain"
              autoPlay
              muted
              playsInline
              loop
            />
          ) : (
            <Placeholder icon={<KindIcon className="size-10" aria-hidden="true" />}>
              {itemMedia.originalName}
            </Placeholder>
          )}
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className={cn('truncate font-medium', !itemMedia && item && 'text-destructive')} title={name}>
              {item ? name : l.empty}
            </p>
            {item ? <p className="text-muted-foreground text-sm tabular-nums">{l.seconds(item.duration)}</p> : null}
          </div>
          <div role="group" aria-label={l.controls} className="flex items-center gap-2">
            <Button
              variant="outline"
              size="icon"
              aria-label={l.previous}
              title={l.previous}
              disabled={count === 0}
              onClick={() => dispatch({ type: 'previous', count })}
            >
              <SkipBack aria-hidden="true" />
            </Button>
            <Button
              size="icon"
              aria-label={preview.playing ? l.pause : l.play}
              title={preview.playing ? l.pause : l.play}
              disabled={count === 0}
              onClick={() => dispatch({ type: 'toggle', count })}
            >
              {preview.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            </Button>
            <Button
              variant="outline"
              size="icon"
              aria-label={l.next}
              title={l.next}
              disabled={count === 0}
              onClick={() => dispatch({ type: 'next', count })}
            >
              <SkipForward aria-hidden="true" />
            </Button>
            <span
              className="text-muted-foreground min-w-12 text-right text-sm font-medium tabular-nums"
              data-testid="preview-position"
            >
              {positionLabel(preview, count)}
            </span>
          </div>
        </div>
      </section>

      <div className="grid grid-cols-1 min-w-0 content-start gap-6 lg:col-span-2">
        <section aria-labelledby="preview-summary-heading" className="grid grid-cols-1 gap-3">
          <h3 id="preview-summary-heading" className="font-semibold">
            {l.summary}
          </h3>
          <dl className="bg-muted/40 grid grid-cols-2 gap-x-4 gap-y-3 rounded-md border p-4 text-sm">
            <SummaryItem label={l.name} wide>
              <span className="break-words">{info.name}</span>
            </SummaryItem>
            <SummaryItem label={l.items}>{t.playlists.itemCount(count)}</SummaryItem>
            <SummaryItem label={l.totalDuration}>{formatDuration(totalDuration(items))}</SummaryItem>
            <SummaryItem label={l.totalSize}>{formatBytes(totalSize)}</SummaryItem>
            <SummaryItem label={l.startDate}>{startDate ?? l.notSet}</SummaryItem>
            <SummaryItem label={l.duration}>{t.playlists.days(Number(info.durationDays) || 0)}</SummaryItem>
          </dl>
        </section>

        <section aria-labelledby="preview-order-heading" className="grid grid-cols-1 gap-3">
          <h3 id="preview-order-heading" className="font-semibold">
            {l.order}
          </h3>
          <ol aria-labelledby="preview-order-heading" className="grid grid-cols-1 gap-1.5" data-testid="playback-order">
            {items.map((entry, i) => {
              const current = i === index;
              const entryName = media.get(entry.mediaId)?.originalName ?? messages.media.missingInPreview;
              return (
                <li
                  key={entry.mediaId}
                  aria-current={current ? 'true' : undefined}
                  className={cn(
                    'flex items-center gap-3 rounded-md border px-3 py-2 text-sm',
                    current ? 'border-primary bg-primary/5' : 'bg-card',
                  )}
                >
                  <span className="text-muted-foreground w-5 shrink-0 text-center font-medium tabular-nums">
                    {i + 1}
                  </span>
                  {current ? <ListVideo className="text-primary size-4 shrink-0" aria-hidden="true" /> : null}
                  <span className="min-w-0 flex-1 truncate" title={entryName}>
                    {entryName}
                  </span>
                  <span className="text-muted-foreground shrink-0 tabular-nums">{formatDuration(entry.duration)}</span>
                </li>
              );
            })}
          </ol>
        </section>
      </div>
    </div>
  );
}

function Placeholder({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 p-4 text-center">
      {icon}
      <p className="text-sm font-medium">{children}</p>
    </div>
  );
}

function SummaryItem({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2 grid gap-0.5' : 'grid gap-0.5'}>
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}
