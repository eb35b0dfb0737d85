import { onAirLines, type OnAirDevice, type OnAirSource } from '@web/lib/on-air';
import { useMinuteNow } from '@web/lib/use-now';

/**
 * What a screen plays now, one line per window, moving on at each minute's turn. Only this part of
 * a card re-renders on the tick (one shared clock for the whole page).
 */
export function OnAirLines({ device, source }: { device: OnAirDevice; source: OnAirSource }) {
  const minute = useMinuteNow();
  const lines = onAirLines(device, source, new Date(Math.max(minute, source.readAt)));
  return (
    <>
      {lines.map((line, index) => (
        <span key={index} className="max-w-full break-words">
          {line}
        </span>
      ))}
    </>
  );
}
