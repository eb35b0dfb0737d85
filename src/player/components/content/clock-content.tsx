import { useEffect, useState } from 'react';
import type { ClockOptions } from '@contract/content';
import { clockTexts, msToNextSecond, usableTimeZone } from '../../lib/content-plan';
import { loadClockOffset } from '../../lib/storage';
import { useReadyOnMount, type MediaProps } from './media-report';

/**
 * The server's clock: the device's corrected by the offset the DeviceLink keeps from `serverTime`
 * (lib/storage.ts, the same correction campaigns are decided by), read on every tick so a new
 * offset shows at once.
 */
const serverNow = () => Date.now() + loadClockOffset();

/** Re-renders on every whole second of the server's clock; the time it is. */
function useSecondTick(): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const at = serverNow();
      setNow(at);
      timer = setTimeout(tick, msToNextSecond(at) + 5);
    };
    timer = setTimeout(tick, msToNextSecond(serverNow()) + 5);
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/**
 * Digital (the time, big) or analog (an SVG face), with the date in pt-BR under it, in the
 * workspace's time zone (the manifest's `timeZone`); it ticks every second.
 */
export function ClockContent({
  options,
  timeZone,
  ...report
}: MediaProps & { options: ClockOptions; timeZone: string | undefined }) {
  useReadyOnMount(report);
  const now = useSecondTick();
  const zone = usableTimeZone(timeZone);
  const texts = clockTexts(
    new Date(now),
    zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    options.showSeconds,
  );
  return (
    <div
      className="content content-clock"
      data-capture="fill"
      data-style={options.style}
      data-time-zone={zone ?? ''}
      style={{ color: options.textColor, backgroundColor: options.backgroundColor }}
    >
      {options.style === 'analog' ? (
        <div className="content-clock-face" data-capture="svg" data-time={texts.time}>
          <AnalogFace texts={texts} color={options.textColor} showSeconds={options.showSeconds} />
        </div>
      ) : (
        <div className="content-clock-time" data-capture="text">
          {texts.time}
        </div>
      )}
      {options.showDate ? (
        <div className="content-clock-date" data-capture="text">
          {texts.date}
        </div>
      ) : null}
    </div>
  );
}

function AnalogFace({
  texts,
  color,
  showSeconds,
}: {
  texts: ReturnType<typeof clockTexts>;
  color: string;
  showSeconds: boolean;
}) {
  const hand = (angle: number, length: number, width: number) => (
    <line
      x1="50"
      y1="50"
      x2="50"
      y2={50 - length}
      stroke={color}
      strokeWidth={width}
      strokeLinecap="round"
      transform={`rotate(${angle} 50 50)`}
    />
  );
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label={texts.time}>
      <circle cx="50" cy="50" r="47" fill="none" stroke={color} strokeWidth="2" />
      {Array.from({ length: 12 }, (_, i) => (
        <line
          key={i}
          x1="50"
          y1="6"
          x2="50"
          y2={i % 3 === 0 ? 13 : 10}
          stroke={color}
          strokeWidth={i % 3 === 0 ? 2.5 : 1.2}
          transform={`rotate(${i * 30} 50 50)`}
        />
      ))}
      {hand(texts.hourAngle, 24, 4)}
      {hand(texts.minuteAngle, 36, 2.5)}
      {showSeconds ? hand(texts.secondAngle, 40, 1) : null}
      <circle cx="50" cy="50" r="2.5" fill={color} />
    </svg>
  );
}
