import { useEffect, useRef, useState } from 'react';
import type { FeedItem } from '@contract/content';
import { playableUrl } from '../../lib/media-url';
import { NO_NEWS, slideAt } from '../../lib/content-plan';
import { reportDecoded, useMediaReport, useReadyOnMount, type MediaProps } from './media-report';

type SlideProps = MediaProps & { active: boolean; shownCount: number };

/**
 * Which slide shows: the first each time the item comes on screen (`shownCount`), the next every
 * `secondsEach`, looping (lib/content-plan.ts `slideAt`, on the time since it came on screen).
 */
function useSlideIndex(count: number, secondsEach: number, active: boolean, shownCount: number): number {
  // The index belongs to one run on screen: a new run starts at 0 without a reset in the effect.
  const run = `${active}:${shownCount}:${count}`;
  const [state, setState] = useState({ run, index: 0 });
  useEffect(() => {
    if (!active || count <= 1) return;
    const since = Date.now();
    const timer = setInterval(
      () => setState({ run, index: slideAt(count, secondsEach, Date.now() - since + 50) }),
      secondsEach * 1000,
    );
    return () => clearInterval(timer);
  }, [run, active, count, secondsEach]);
  return state.run === run ? Math.min(state.index, Math.max(0, count - 1)) : 0;
}

/**
 * A PDF's pages (images rendered on the server, cached like media) one after another,
 * `secondsPerPage` each; the next page decodes hidden beneath, so a turn never shows a blank. Ready
 * once the first page is decoded; no pages (not rendered yet) fails like a broken image.
 */
export function PdfContent({
  pages,
  secondsPerPage,
  active,
  shownCount,
  ...report
}: SlideProps & { pages: ReadonlyArray<{ url: string; sha256: string }>; secondsPerPage: number }) {
  const callbacks = useMediaReport(report);
  const index = useSlideIndex(pages.length, secondsPerPage, active, shownCount);
  const first = useRef<HTMLImageElement>(null);
  useEffect(() => reportDecoded(first.current, callbacks), [callbacks]);
  const page = pages[index];
  const next = pages.length > 1 ? pages[(index + 1) % pages.length] : undefined;
  if (!page) return null;
  return (
    <>
      {next && next !== page ? (
        <img key={next.sha256 + (index + 1)} className="media media-preload" src={playableUrl(next)} alt="" />
      ) : null}
      <img
        key={page.sha256 + index}
        ref={index === 0 ? first : undefined}
        className="media"
        data-page={index + 1}
        src={playableUrl(page)}
        alt=""
        decoding="async"
      />
    </>
  );
}

/**
 * A feed as slides: one item at a time (title, summary, its picture when it has one),
 * `secondsPerItem` each, in the feed's order. Drawn from the manifest's last good items, offline too.
 */
export function FeedSlidesContent({
  items,
  secondsPerItem,
  textColor,
  backgroundColor,
  size,
  active,
  shownCount,
  ...report
}: SlideProps & {
  items: readonly FeedItem[];
  secondsPerItem: number;
  textColor: string;
  backgroundColor: string;
  size: string;
}) {
  useReadyOnMount(report);
  const index = useSlideIndex(items.length, secondsPerItem, active, shownCount);
  const item = items[index];
  return (
    <div
      className="content content-feed"
      data-capture="fill"
      data-size={size}
      data-slide={item ? index + 1 : 0}
      style={{ color: textColor, backgroundColor }}
    >
      {item ? (
        <div key={index} className="content-feed-slide" data-has-image={item.imageUrl ? 'true' : 'false'}>
          {item.imageUrl ? (
            <img className="content-feed-image" data-capture="image" src={item.imageUrl} alt="" />
          ) : null}
          <div className="content-feed-text">
            <div className="content-title" data-capture="text">
              {item.title}
            </div>
            {item.summary ? (
              <div className="content-body" data-capture="text">
                {item.summary}
              </div>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="content-title" data-capture="text">
          {NO_NEWS}
        </div>
      )}
    </div>
  );
}
