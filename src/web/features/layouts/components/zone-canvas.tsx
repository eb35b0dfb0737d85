import type { Orientation } from '@contract/devices';
import type { ZoneInput } from '@contract/layouts';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { arrowDelta, moveRect, nudgeRect, resizeRect, type Rect } from '../lib/zone-geometry';

type Props = {
  orientation: Orientation;
  zones: readonly ZoneInput[];
  selected: number | null;
  onSelect: (index: number) => void;
  onChange: (index: number, rect: Rect) => void;
};

type Drag = { index: number; mode: 'move' | 'resize'; startX: number; startY: number; start: Rect };

const rectOf = (zone: ZoneInput): Rect => ({ x: zone.x, y: zone.y, width: zone.width, height: zone.height });
const pct = (value: number) => `${value}%`;

/**
 * The screen at its aspect ratio (16:9 or 9:16) with every zone at its rectangle
 * (docs/layouts.md#the-editor). The mouse drags a zone or its bottom-right corner (pointer events,
 * captured so a fast drag keeps going outside the zone); a focused zone moves 1 % per arrow and
 * grows or shrinks 1 % per shift+arrow. The geometry is `lib/zone-geometry.ts`.
 */
export function ZoneCanvas({ orientation, zones, selected, onSelect, onChange }: Props) {
  const canvas = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);

  const begin = (event: PointerEvent<HTMLElement>, index: number, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    (event.currentTarget.closest('[data-zone-index]') as HTMLElement | null)?.focus();
    drag.current = { index, mode, startX: event.clientX, startY: event.clientY, start: rectOf(zones[index]!) };
    onSelect(index);
  };

  const move = (event: PointerEvent<HTMLDivElement>) => {
    const current = drag.current;
    const box = canvas.current?.getBoundingClientRect();
    if (!current || !box || box.width === 0 || box.height === 0) return;
    const dx = ((event.clientX - current.startX) / box.width) * 100;
    const dy = ((event.clientY - current.startY) / box.height) * 100;
    const others = zones.filter((_, i) => i !== current.index).map(rectOf);
    const shift = current.mode === 'move' ? moveRect : resizeRect;
    onChange(current.index, shift(current.start, dx, dy, others));
  };

  const end = () => {
    drag.current = null;
  };

  const key = (event: KeyboardEvent<HTMLElement>, index: number) => {
    const delta = arrowDelta(event.key);
    if (!delta) return;
    event.preventDefault();
    onChange(index, nudgeRect(rectOf(zones[index]!), delta[0], delta[1], event.shiftKey));
  };

  return (
    <div
      ref={canvas}
      role="group"
      aria-label={t.layouts.editor.canvasLabel(t.layouts.orientation[orientation].toLowerCase())}
      data-testid="zone-canvas"
      className={cn(
        'bg-muted relative w-full touch-none overflow-hidden rounded-md border select-none',
        orientation === 'horizontal' ? 'aspect-video' : 'mx-auto aspect-[9/16] max-w-72',
      )}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      {zones.map((zone, index) => {
        const isSelected = index === selected;
        return (
          <div
            key={zone.key ?? `new-${index}`}
            role="button"
            tabIndex={0}
            data-zone-index={index}
            aria-pressed={isSelected}
            aria-label={t.layouts.editor.zoneAria(zone.name || '?', zone.x, zone.y, zone.width, zone.height)}
            className={cn(
              'bg-background/85 border-primary absolute flex cursor-move items-center justify-center overflow-hidden border-2 text-xs font-medium',
              'focus-visible:ring-ring outline-none focus-visible:ring-2 focus-visible:ring-offset-1',
              isSelected && 'bg-primary/20 border-[3px]',
            )}
            style={{
              left: pct(zone.x),
              top: pct(zone.y),
              width: pct(zone.width),
              height: pct(zone.height),
              zIndex: (zone.z ?? 0) + 1,
            }}
            onPointerDown={(event) => begin(event, index, 'move')}
            onKeyDown={(event) => key(event, index)}
            onFocus={() => onSelect(index)}
          >
            <span className="truncate px-1" aria-hidden="true">
              {zone.name}
            </span>
            <span
              aria-hidden="true"
              title={t.layouts.editor.resizeAria(zone.name)}
              data-testid="resize-handle"
              className="bg-primary absolute right-0 bottom-0 size-3 cursor-se-resize"
              onPointerDown={(event) => begin(event, index, 'resize')}
            />
          </div>
        );
      })}
    </div>
  );
}
