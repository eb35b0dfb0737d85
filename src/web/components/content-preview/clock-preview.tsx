import { useEffect, useState } from 'react';
import { readBoolean, readColor, readString, type PreviewOptions } from './preview-options';

/** Hours, minutes and seconds of `now` in `timeZone` (the workspace's, as the TVs show it). */
function partsIn(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { hours: get('hour'), minutes: get('minute'), seconds: get('second') };
}

/** Ticks once a second. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** A clock, digital or analog, ticking in the workspace's time zone (docs/content.md#in-the-panel). */
export function ClockPreview({ options, timeZone }: { options: PreviewOptions; timeZone: string }) {
  const now = useNow();
  const color = readColor(options, 'textColor', '#ffffff');
  const showSeconds = readBoolean(options, 'showSeconds', false);
  const showDate = readBoolean(options, 'showDate', true);
  const analog = readString(options, 'style', 'digital') === 'analog';
  const time = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: showSeconds ? '2-digit' : undefined,
  }).format(now);
  const date = new Intl.DateTimeFormat('pt-BR', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(
    now,
  );
  return (
    <div
      className="flex size-full flex-col items-center justify-center gap-[3cqh]"
      style={{ color, backgroundColor: readColor(options, 'backgroundColor', '#0f172a') }}
    >
      {analog ? (
        <AnalogFace now={now} timeZone={timeZone} color={color} showSeconds={showSeconds} label={time} />
      ) : (
        <p className="text-[28cqh] leading-none font-semibold tabular-nums" data-testid="clock-time">
          {time}
        </p>
      )}
      {showDate ? <p className="text-[8cqh] leading-none first-letter:uppercase">{date}</p> : null}
    </div>
  );
}

type FaceProps = { now: Date; timeZone: string; color: string; showSeconds: boolean; label: string };

function AnalogFace({ now, timeZone, color, showSeconds, label }: FaceProps) {
  const { hours, minutes, seconds } = partsIn(now, timeZone);
  const hand = (degrees: number, length: number, width: number) => (
    <line
      x1="50"
      y1="50"
      x2={50 + length * Math.sin((degrees * Math.PI) / 180)}
      y2={50 - length * Math.cos((degrees * Math.PI) / 180)}
      stroke={color}
      strokeWidth={width}
      strokeLinecap="round"
    />
  );
  return (
    <svg viewBox="0 0 100 100" className="h-[60cqh]" role="img" aria-label={label} data-testid="clock-analog">
      <circle cx="50" cy="50" r="46" fill="none" stroke={color} strokeWidth="3" />
      {Array.from({ length: 12 }, (_, i) => (
        <line
          key={i}
          x1="50"
          y1="8"
          x2="50"
          y2="14"
          stroke={color}
          strokeWidth="2"
          transform={`rotate(${i * 30} 50 50)`}
        />
      ))}
      {hand((hours % 12) * 30 + minutes / 2, 24, 5)}
      {hand(minutes * 6 + seconds / 10, 34, 3)}
      {showSeconds ? hand(seconds * 6, 38, 1) : null}
    </svg>
  );
}
