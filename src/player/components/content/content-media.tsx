import { createContext, useContext } from 'react';
import type { ManifestContent } from '@contract/content';
import { feedSlides, feedTickerLines, NO_NEWS, tickerText } from '../../lib/content-plan';
import { ClockContent } from './clock-content';
import type { MediaProps } from './media-report';
import { QrcodeContent } from './qrcode-content';
import { FeedSlidesContent, PdfContent } from './slides-content';
import { TextContent } from './text-content';
import { TickerContent } from './ticker-content';
import { WebpageContent } from './webpage-content';

/** The workspace's time zone (the manifest's `timeZone`), for the clocks: PlaybackScreen provides it. */
export const TimeZoneContext = createContext<string | undefined>(undefined);

/**
 * A content item or a PDF on a layer (docs/content.md#the-player): each kind drawn from the
 * manifest's `content` alone, reporting ready / painted / failed to the window engine as an image
 * does, so the swap between items never shows a gap.
 */
export function ContentMedia({
  content,
  active,
  leaving = false,
  shownCount,
  ...report
}: MediaProps & {
  content: ManifestContent;
  active: boolean;
  /** The outgoing item, still drawn beneath the incoming one until that one has painted. */
  leaving?: boolean;
  shownCount: number;
}) {
  const timeZone = useContext(TimeZoneContext);
  switch (content.kind) {
    case 'text':
      return <TextContent options={content.options} {...report} />;
    case 'ticker':
      return (
        <TickerContent
          text={tickerText(content.options.lines, content.options.separator)}
          style={content.options}
          {...report}
        />
      );
    case 'clock':
      return <ClockContent options={content.options} timeZone={timeZone} {...report} />;
    case 'qrcode':
      return <QrcodeContent options={content.options} {...report} />;
    case 'webpage':
      return (
        <WebpageContent
          options={content.options}
          framingRefused={content.framingRefused ?? false}
          active={active}
          leaving={leaving}
          {...report}
        />
      );
    case 'pdf':
      return (
        <PdfContent
          pages={content.pages}
          secondsPerPage={content.options.secondsPerPage}
          active={active}
          shownCount={shownCount}
          {...report}
        />
      );
    case 'feed': {
      const { options } = content;
      if (options.display === 'slides')
        return (
          <FeedSlidesContent
            items={feedSlides(content.items)}
            secondsPerItem={options.secondsPerItem}
            textColor={options.textColor}
            backgroundColor={options.backgroundColor}
            size={options.size}
            active={active}
            shownCount={shownCount}
            {...report}
          />
        );
      const lines = feedTickerLines(content.items);
      return (
        <TickerContent
          text={tickerText(lines.length ? lines : [NO_NEWS], options.separator)}
          style={options}
          {...report}
        />
      );
    }
  }
}
