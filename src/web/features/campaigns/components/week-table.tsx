import { WEEKDAY_LABELS, WEEKDAY_SHORT_LABELS, type Campaign } from '@contract/campaigns';
import { localTime } from '@contract/schedule';
import { t } from '@web/i18n/pt-br';
import { useZonesLabel } from '../lib/use-zones-label';
import { cn } from '@web/lib/cn';
import type { Play, WeekDay } from '../lib/week-grid';
import { CAMPAIGN_COLORS, EMERGENCY_COLOR, NONE_COLOR, PLAYLIST_COLOR } from '../lib/week-colors';

export type PlayLabels = {
  /** The campaigns the grid shows, in legend order (their colours follow it). */
  campaigns: Campaign[];
  playlistNames: Map<number, string>;
  /** A group has no playlists of its own: outside campaigns each screen plays its own. */
  groupView: boolean;
};

const two = (n: number) => String(n).padStart(2, '0');

function describe(play: Play, labels: PlayLabels): { text: string; color: string } {
  const l = t.campaigns.week;
  if (play.kind === 'campaign') {
    const index = labels.campaigns.findIndex((c) => c.id === play.campaignId);
    const campaign = labels.campaigns[index];
    const color =
      campaign?.priority === 'emergency'
        ? EMERGENCY_COLOR
        : CAMPAIGN_COLORS[Math.max(index, 0) % CAMPAIGN_COLORS.length]!;
    return { text: campaign?.name ?? '', color };
  }
  if (play.kind === 'playlists') {
    const names = play.playlistIds.map((id) =>
      id === null ? l.nothing : (labels.playlistNames.get(id) ?? l.defaultPlaylist),
    );
    return { text: `${l.defaultPlaylist}: ${names.join(' | ')}`, color: PLAYLIST_COLOR };
  }
  return { text: labels.groupView ? l.groupDefault : l.nothing, color: NONE_COLOR };
}

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
              <th scope="col" className="bg-muted/50 w-14 border-b p-2 text-left font-medium">
                {l.hour}
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
                <th scope="row" className="text-muted-foreground border-b p-1 pl-2 text-left font-normal tabular-nums">
                  {l.hourLabel(hour)}
                </th>
                {grid.map((d) => {
                  const cell = d.cells[hour]!;
                  const parts = cell.segments.map((s, i) => ({
                    ...describe(s.play, labels),
                    minute: s.minute,
                    length: (cell.segments[i + 1]?.minute ?? 60) - s.minute,
                  }));
                  const summary = parts
                    .map((p) => (parts.length > 1 ? l.changesAt(`${two(hour)}:${two(p.minute)}`, p.text) : p.text))
                    .join('; ');
                  const current = isToday(d) && hour === currentHour;
                  return (
                    <td
                      key={d.weekday}
                      className={cn(
                        'h-7 border-b border-l p-0',
                        current && 'outline-primary outline-2 -outline-offset-2',
                      )}
                      title={summary}
                      data-testid={`week-cell-${d.weekday}-${hour}`}
                    >
                      <div className="flex h-full w-full">
                        {parts.map((p) => (
                          <div
                            key={p.minute}
                            className={cn('flex min-w-0 items-center overflow-hidden px-1', p.color)}
                            style={{ flexGrow: p.length, flexBasis: 0 }}
                          >
                            <span className="truncate" aria-hidden="true">
                              {p.color === PLAYLIST_COLOR || p.color === NONE_COLOR ? '' : p.text}
                            </span>
                          </div>
                        ))}
                      </div>
                      <span className="sr-only">{summary}</span>
                    </td>
                  );
                })}
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
        {labels.campaigns.length === 0 ? <p className="text-muted-foreground text-sm">{l.noCampaigns}</p> : null}
      </section>
    </div>
  );
}
