import type { Orientation } from '@contract/devices';
import type { ZoneDraft } from '@contract/layouts';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';

type Props = {
  name: string;
  orientation: Orientation;
  zones: readonly ZoneDraft[];
  className?: string;
  /**
   * Drawn next to the layout's name (a select's option, a picker): hidden from assistive
   * technology, which reads the name, and without the zones' texts, too small to read.
   */
  decorative?: boolean;
};

/**
 * A layout drawn small: the screen at its aspect ratio and each zone at its rectangle, lower layers
 * first so a picture in picture shows on top. One image for assistive technology, named by its zones.
 */
export function LayoutMap({ name, orientation, zones, className, decorative = false }: Props) {
  const [w, h] = orientation === 'horizontal' ? [160, 90] : [90, 160];
  const drawn = zones.map((zone, index) => ({ zone, index })).sort((a, b) => (a.zone.z ?? 0) - (b.zone.z ?? 0));
  return (
    <svg
      {...(decorative
        ? { 'aria-hidden': true }
        : {
            role: 'img',
            'aria-label': t.layouts.mapLabel(
              name,
              zones.map((z) => z.name),
            ),
          })}
      viewBox={`0 0 ${w} ${h}`}
      className={cn('bg-muted block rounded-md', orientation === 'horizontal' ? 'w-40' : 'h-40', className)}
      data-testid="layout-map"
    >
      {drawn.map(({ zone, index }) => {
        const [x, y, zw, zh] = [
          (zone.x * w) / 100,
          (zone.y * h) / 100,
          (zone.width * w) / 100,
          (zone.height * h) / 100,
        ];
        return (
          <g key={index} data-zone={decorative ? undefined : zone.name}>
            {decorative ? null : <title>{zone.name}</title>}
            <rect
              x={x + 0.75}
              y={y + 0.75}
              width={Math.max(zw - 1.5, 0.5)}
              height={Math.max(zh - 1.5, 0.5)}
              rx={2}
              className="fill-primary/15 stroke-primary"
              strokeWidth={1}
            />
            {!decorative && zw > 24 && zh > 12 ? (
              <text
                x={x + zw / 2}
                y={y + zh / 2}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize={8}
                className="fill-foreground"
              >
                {zone.name.length > Math.floor(zw / 5) ? `${zone.name.slice(0, Math.floor(zw / 5) - 1)}…` : zone.name}
              </text>
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}
