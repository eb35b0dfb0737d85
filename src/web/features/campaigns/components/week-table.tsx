import { WEEKDAY_LABELS, WEEKDAY_SHORT_LABELS } from '@contract/campaigns';
import { localTime } from '@contract/schedule';
import { t } from '@web/i18n/pt-br';
import { useZonesLabel } from '../lib/use-zones-label';
import { cn } from '@web/lib/cn';
import type { WeekDay } from '../lib/week-grid';
import { NONE_COLOR, PLAYLIST_COLOR } from '../lib/week-colors';
import { describe, WeekCellView, WeekHourHeader, type PlayLabels } from './week-cell';

export type { PlayLabels };

const two = (n: number) => String(n).padStart(2, '0');

/** The 7 × 24 grid: days across, hours down; an hour where the play changes is split at the minute. */
export function WeekTable({
  grid,
  labels,
  name,
  now,
  timeZone,
}: {
  grid: WeekDay[];
  labels: PlayLabels;
  name: string;
  now: number;
  timeZone: string;
}) {
  const zonesLabel = useZonesLabel();
  const l = t.campaigns.week;
  const today = localTime(new Date(now), timeZone);
  const isToday = (d: WeekDay) => d.year === today.year && d.month === today.month && d.day === today.day;
  const currentHour = Math.floor(today.minutes / 60);
  return (
    <div className="grid gap-4">
      <div className="bg-card overflow-x-auto rounded-lg border">
        <table
          className="w-full min-w-[720px] table-fixed border-collapse text-xs"
          aria-label={l.tableLabel(name)}
          data-testid="week-table"
        >
          <thead>
            <tr>
              <th
                scope="col"
                className={cn('bg-muted/50 border-b p-2 text-left font-medium', labels.zones ? 'w-32' : 'w-14')}
              >
                {labels.zones ? l.hourAndZone : l.hour}
              </th>
              {grid.map((d) => (
                <th
                  key={d.weekday}
                  scope="col"
                  className={cn(
                    'border-b border-l p-2 text-center font-medium',
                    isToday(d) ? 'bg-primary/10 text-primary' : 'bg-muted/50',
                  )}
                >
                  <abbr title={WEEKDAY_LABELS[d.weekday]} className="no-underline">
                    {WEEKDAY_SHORT_LABELS[d.weekday]}
                  </abbr>{' '}
                  <span className="text-muted-foreground font-normal tabular-nums">
                    {two(d.day)}/{two(d.month)}
                  </span>
                  {isToday(d) ? <span className="sr-only"> ({l.today})</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: 24 }, (_, hour) => (
              <tr key={hour}>
                <WeekHourHeader hour={hour} zones={labels.zones} />
                {grid.map((d) => (
                  <WeekCellView
                    key={d.weekday}
                    cell={d.cells[hour]!}
                    weekday={d.weekday}
                    labels={labels}
                    current={isToday(d) && hour === currentHour}
                  />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <section aria-labelledby="week-legend" className="grid gap-2">
        <h2 id="week-legend" className="text-sm font-semibold">
          {l.legend}
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          {labels.campaigns.map((c) => (
            <li key={c.id} className="flex items-center gap-2">
              <span
                className={cn('size-4 rounded border', describe({ kind: 'campaign', campaignId: c.id }, labels).color)}
                aria-hidden="true"
              />
              {c.name}
              {zonesLabel(c.zones) ? (
                <span className="text-muted-foreground text-xs">· {zonesLabel(c.zones)}</span>
              ) : null}
            </li>
          ))}
          <li className="flex items-center gap-2">
            <span
              className={cn('size-4 rounded border', labels.groupView ? NONE_COLOR : PLAYLIST_COLOR)}
              aria-hidden="true"
            />
            {labels.groupView ? l.groupDefault : l.defaultPlaylist}
          </li>
          {labels.groupView ? null : (
            <li className="flex items-center gap-2">
              <span className={cn('size-4 rounded border', NONE_COLOR)} aria-hidden="true" />
              {l.nothing}
            </li>
          )}
        </ul>
        {labels.zones ? (
          <p className="text-muted-foreground text-sm">{l.zonesNote(labels.zones.map((z) => z.name).join(', '))}</p>
        ) : null}
        {labels.campaigns.length === 0 ? <p className="text-muted-foreground text-sm">{l.noCampaigns}</p> : null}
      </section>
    </div>
  );
}
