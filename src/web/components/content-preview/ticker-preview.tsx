import { useLayoutEffect, useRef, useState } from 'react';
import { fontSizeOf, readColor, readNumber, readString, type PreviewOptions } from './preview-options';

/** The speed is pixels per second on a 1080-pixel-high screen (docs/content.md#the-model). */
const REFERENCE_HEIGHT = 1080;

/**
 * A ticker: its lines joined by the separator, scrolling right to left by a CSS animation at the
 * item's speed scaled to the preview's height. The strip starts past the right edge
 * (`padding-left: 100%`, the `ticker-scroll` keyframes of styles.css) and loops.
 */
export function TickerPreview({ options, lines }: { options: PreviewOptions; lines: readonly string[] }) {
  const separator = readString(options, 'separator', '•');
  const speed = Math.min(600, Math.max(20, readNumber(options, 'speed', 120)));
  const text = lines.join(separator.trim() ? `   ${separator.trim()}   ` : '      ');
  const box = useRef<HTMLDivElement>(null);
  const strip = useRef<HTMLSpanElement>(null);
  const [seconds, setSeconds] = useState(10);

  // The strip's width (padding included) over the scaled speed: the same pace whatever the box size.
  useLayoutEffect(() => {
    const height = box.current?.clientHeight ?? 0;
    const width = strip.current?.offsetWidth ?? 0;
    if (height > 0 && width > 0) setSeconds(width / ((speed * height) / REFERENCE_HEIGHT));
  }, [text, speed, options.size]);

  return (
    <div
      ref={box}
      className="flex size-full items-center overflow-hidden whitespace-nowrap"
      style={{
        color: readColor(options, 'textColor', '#ffffff'),
        backgroundColor: readColor(options, 'backgroundColor', '#0f172a'),
        fontSize: fontSizeOf(options, 'medium'),
      }}
    >
      <span
        ref={strip}
        key={text}
        data-testid="ticker-strip"
        className="inline-block shrink-0 pl-[100%] font-semibold"
        style={{ animation: `ticker-scroll ${seconds.toFixed(2)}s linear infinite` }}
      >
        {text}
      </span>
    </div>
  );
}
