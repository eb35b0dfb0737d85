import { t } from '@web/i18n/pt-br';
import { Rss } from 'lucide-react';
import { readNumber, readString, type PreviewOptions } from './preview-options';
import { TickerPreview } from './ticker-preview';

const l = t.content.feedSummary;

/**
 * A feed before the server fetched it: its address and what the TV will do with it, over a sample
 * ticker in its style (the news themselves come from the server, docs/content.md#manifest).
 */
export function FeedPreview({ options }: { options: PreviewOptions }) {
  const url = readString(options, 'url').trim();
  const display = readString(options, 'display', 'ticker');
  return (
    <div className="grid size-full grid-rows-[1fr_auto]">
      <div className="flex min-h-0 flex-col justify-center gap-1 bg-slate-100 p-4 text-sm text-slate-700">
        <p className="flex items-center gap-2 font-semibold">
          <Rss className="size-4 text-orange-600" aria-hidden="true" />
          {l.title}
        </p>
        <p className="truncate" title={url}>
          <span className="sr-only">{l.address}: </span>
          {url || '—'}
        </p>
        <p>{l.every(readNumber(options, 'refreshMinutes', 15))}</p>
        <p>{l.items(readNumber(options, 'maxItems', 10))}</p>
        <p>{display === 'slides' ? l.asSlides(readNumber(options, 'secondsPerItem', 10)) : l.asTicker}</p>
      </div>
      <div className="h-[22cqh]">
        <TickerPreview options={options} lines={[l.sampleItem]} />
      </div>
    </div>
  );
}
