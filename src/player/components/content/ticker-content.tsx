import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { TickerOptions } from '@contract/content';
import { tickerLoop } from '../../lib/content-plan';
import { useMediaReport, type MediaProps } from './media-report';

export type TickerStyle = Pick<TickerOptions, 'speed' | 'textColor' | 'backgroundColor' | 'size'>;

/** The screen's short side (the stage's, as laid out), which the ticker's speed is scaled by. */
function screenHeightOf(element: HTMLElement): number {
  const stage = element.closest<HTMLElement>('.stage');
  return stage ? Math.min(stage.offsetWidth, stage.offsetHeight) : Math.min(innerWidth, innerHeight);
}

/**
 * A line of text moving right to left at the item's speed, for ever, without a seam: the track
 * holds copies of the text and moves one copy's width, then starts over (docs/content.md#the-player).
 * The move is a Web Animation of `transform` only, run by the compositor: no layout per frame.
 * A new text (a feed's new items) waits for the end of the current loop, so the scroll never jumps
 * back mid-way.
 */
export function TickerContent({ text, style, ...report }: MediaProps & { text: string; style: TickerStyle }) {
  const callbacks = useMediaReport(report);
  const [shown, setShown] = useState(text);
  const [copies, setCopies] = useState(2);
  const zone = useRef<HTMLDivElement>(null);
  const copy = useRef<HTMLSpanElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const loop = useRef<{ animation: Animation; durationMs: number } | null>(null);

  useLayoutEffect(() => {
    const { copies: needed, durationMs } = tickerLoop(
      copy.current!.offsetWidth,
      zone.current!.offsetWidth,
      style.speed,
      screenHeightOf(zone.current!),
    );
    if (needed !== copies) {
      setCopies(needed);
      return;
    }
    const animation = track.current!.animate(
      [{ transform: 'translateX(0)' }, { transform: `translateX(${-copy.current!.offsetWidth}px)` }],
      { duration: durationMs, iterations: Infinity, easing: 'linear' },
    );
    loop.current = { animation, durationMs };
    callbacks.current.onReady();
    return () => {
      animation.cancel();
      loop.current = null;
    };
  }, [shown, copies, style.speed, style.size, callbacks]);

  // A new text: at the next loop boundary, where the track stands as at its start.
  useEffect(() => {
    if (text === shown) return;
    const running = loop.current;
    const at = Number(running?.animation.currentTime ?? NaN);
    if (!running || !Number.isFinite(at)) {
      setShown(text);
      return;
    }
    const timer = setTimeout(() => setShown(text), running.durationMs - (at % running.durationMs));
    return () => clearTimeout(timer);
  }, [text, shown]);

  return (
    <div
      ref={zone}
      className="content content-ticker"
      data-capture="fill"
      data-size={style.size}
      data-text={shown}
      style={{ color: style.textColor, backgroundColor: style.backgroundColor }}
    >
      <div ref={track} className="content-ticker-track" data-capture="line">
        {Array.from({ length: copies }, (_, i) => (
          <span key={i} ref={i === 0 ? copy : undefined} className="content-ticker-copy" aria-hidden={i > 0}>
            {shown}
          </span>
        ))}
      </div>
    </div>
  );
}
