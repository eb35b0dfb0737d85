import { formatDayBr } from '@contract/report-format';
import { t } from '@web/i18n/pt-br';
import { formatCount } from '@web/lib/format';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 240;

/**
 * The per-day bars, drawn by uPlot (a lazy chunk of its own: `day-chart.tsx`). The x axis is the
 * day's index, labelled dd/mm, so the workspace's calendar days show as they are whatever the
 * browser's time zone.
 */
export default function DayChartCanvas({ days }: { days: ReadonlyArray<{ day: string; plays: number }> }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const color = getComputedStyle(el).getPropertyValue('--color-primary').trim() || '#3b4fd8';
    const label = (i: number) => (Number.isInteger(i) && days[i] ? formatDayBr(days[i].day).slice(0, 5) : '');
    const plot = new uPlot(
      {
        width: Math.max(el.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        // The period's days, whatever the data (uPlot widens a single point's range to many empty days).
        scales: {
          x: { time: false, range: () => [-0.5, days.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1) * 1.1] },
        },
        axes: [
          { incrs: [1, 2, 3, 7, 14, 30, 61], values: (_u, splits) => splits.map(label) },
          { values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? formatCount(v) : '')) },
        ],
        series: [
          {},
          {
            label: t.reports.chart.series,
            stroke: color,
            fill: color,
            paths: uPlot.paths.bars!({ size: [0.7, 48] }),
            points: { show: false },
          },
        ],
      },
      [days.map((_, i) => i), days.map((d) => d.plays)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return <div ref={box} className="w-full" data-testid="report-chart-canvas" />;
}
