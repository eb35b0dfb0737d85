import type { Campaign } from '@contract/campaigns';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';
import { CAMPAIGN_COLORS, EMERGENCY_COLOR, NONE_COLOR, PLAYLIST_COLOR } from '../lib/week-colors';
import { zonePlayKey, type Play, type WeekCell, type WeekZone, type ZonePlay } from '../lib/week-grid';

export type PlayLabels = {
  /** The campaigns the grid shows, in legend order (their colours follow it). */
  campaigns: Campaign[];
  playlistNames: Map<number, string>;
  /** A group has no playlists of its own: outside campaigns each screen plays its own. */
  groupView: boolean;
  /** A zone layout's screen: its zones, one band each in every cell (docs/layouts.md#in-the-panel). */
  zones?: readonly WeekZone[];
};

type Look = { text: string; color: string };

const two = (n: number) => String(n).padStart(2, '0');

function campaignLook(campaignId: number, labels: PlayLabels): Look {
  const index = labels.campaigns.findIndex((c) => c.id === campaignId);
  const campaign = labels.campaigns[index];
  const color =
    campaign?.priority === 'emergency'
      ? EMERGENCY_COLOR
      : CAMPAIGN_COLORS[Math.max(index, 0) % CAMPAIGN_COLORS.length]!;
  return { text: campaign?.name ?? '', color };
}

function zoneLook(play: ZonePlay, labels: PlayLabels): Look {
  const l = t.campaigns.week;
  if (play.kind === 'campaign') return campaignLook(play.campaignId, labels);
  if (play.kind === 'playlist')
    return { text: labels.playlistNames.get(play.playlistId) ?? l.defaultPlaylist, color: PLAYLIST_COLOR };
  return { text: l.nothing, color: NONE_COLOR };
}

/** How a play is named and coloured; a zone layout's play names each zone ("Principal: …"). */
export function describe(play: Play, labels: PlayLabels): Look {
  const l = t.campaigns.week;
  if (play.kind === 'campaign') return campaignLook(play.campaignId, labels);
  if (play.kind === 'zones') {
    const text = play.zones
      .map((z, i) => l.zone(labels.zones?.[i]?.name ?? String(i + 1), zoneLook(z, labels).text))
      .join(' | ');
    return { text, color: PLAYLIST_COLOR };
  }
  if (play.kind === 'playlists') {
    const names = play.playlistIds.map((id) =>
      id === null ? l.nothing : (labels.playlistNames.get(id) ?? l.defaultPlaylist),
    );
    return { text: `${l.defaultPlaylist}: ${names.join(' | ')}`, color: PLAYLIST_COLOR };
  }
  return { text: labels.groupView ? l.groupDefault : l.nothing, color: NONE_COLOR };
}

/** Only campaigns are written in the cells; the playlists and nothing are told by their colour. */
const shownText = ({ text, color }: Look) => (color === PLAYLIST_COLOR || color === NONE_COLOR ? '' : text);

type Part = Look & { minute: number; length: number };

/** The hour's segments, each with its look and its length in minutes. */
const partsOf = (cell: WeekCell, labels: PlayLabels): Part[] =>
  cell.segments.map((s, i) => ({
    ...describe(s.play, labels),
    minute: s.minute,
    length: (cell.segments[i + 1]?.minute ?? 60) - s.minute,
  }));

/** A zone's runs within the hour (an emergency's run is null: the overlay covers every zone). */
function zoneRuns(cell: WeekCell, zone: number) {
  const runs: Array<{ minute: number; length: number; play: ZonePlay | null }> = [];
  cell.segments.forEach((s, i) => {
    const length = (cell.segments[i + 1]?.minute ?? 60) - s.minute;
    const play = s.play.kind === 'zones' ? (s.play.zones[zone] ?? { kind: 'none' }) : null;
    const last = runs.at(-1);
    if (last && (last.play && zonePlayKey(last.play)) === (play && zonePlayKey(play))) last.length += length;
    else runs.push({ minute: s.minute, length, play });
  });
  return runs;
}

/** The hour's header: the hour, and on a zone layout's screen the zones' names beside their bands. */
export function WeekHourHeader({ hour, zones }: { hour: number; zones: readonly WeekZone[] | undefined }) {
  const label = t.campaigns.week.hourLabel(hour);
  if (!zones)
    return (
      <th scope="row" className="text-muted-foreground border-b p-1 pl-2 text-left font-normal tabular-nums">
        {label}
      </th>
    );
  return (
    <th scope="row" className="text-muted-foreground border-b p-0 text-left align-top font-normal">
      <div className="flex">
        <span className="p-1 pl-2 tabular-nums">{label}</span>
        <div className="flex min-w-0 flex-1 flex-col text-[11px]" aria-hidden="true">
          {zones.map((z) => (
            <span key={z.key} className="border-border/60 h-5 truncate border-t pr-1 leading-5 first:border-t-0">
              {z.name}
            </span>
          ))}
        </div>
      </div>
    </th>
  );
}

/**
 * One day's hour. Tela Única / Tela Dupla and groups: one band split where the play changes. A zone
 * layout's screen: one band per zone, each split where that zone's play changes, and an emergency
 * drawn over all of them, as it takes the whole screen (docs/layouts.md#campaigns).
 */
export function WeekCellView({
  cell,
  weekday,
  labels,
  current,
}: {
  cell: WeekCell;
  weekday: number;
  labels: PlayLabels;
  current: boolean;
}) {
  const l = t.campaigns.week;
  const parts = partsOf(cell, labels);
  const summary = parts
    .map((p) => (parts.length > 1 ? l.changesAt(`${two(cell.hour)}:${two(p.minute)}`, p.text) : p.text))
    .join('; ');
  const zones = labels.zones;
  return (
    <td
      className={cn(
        'border-b border-l p-0',
        zones ? 'relative' : 'h-7',
        current && 'outline-primary outline-2 -outline-offset-2',
      )}
      title={summary}
      data-testid={`week-cell-${weekday}-${cell.hour}`}
    >
      {zones ? (
        <>
          <div className="flex flex-col" aria-hidden="true">
            {zones.map((zone, index) => (
              <div
                key={zone.key}
                className="border-border/60 flex h-5 border-t first:border-t-0"
                data-testid={`week-band-${weekday}-${cell.hour}-${zone.key}`}
              >
                {zoneRuns(cell, index).map((run) => {
                  const look = run.play ? zoneLook(run.play, labels) : { text: '', color: EMERGENCY_COLOR };
                  return (
                    <div
                      key={run.minute}
                      className={cn('flex min-w-0 items-center overflow-hidden px-1', look.color)}
                      style={{ flexGrow: run.length, flexBasis: 0 }}
                    >
                      <span className="truncate">{shownText(look)}</span>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
          {parts.map((p, i) =>
            cell.segments[i]!.play.kind === 'campaign' ? (
              <div
                key={p.minute}
                aria-hidden="true"
                className={cn('absolute inset-y-0 flex items-center overflow-hidden px-1', p.color)}
                style={{ left: `${(p.minute / 60) * 100}%`, width: `${(p.length / 60) * 100}%` }}
                data-testid={`week-emergency-${weekday}-${cell.hour}`}
              >
                <span className="truncate">{p.text}</span>
              </div>
            ) : null,
          )}
        </>
      ) : (
        <div className="flex h-full w-full">
          {parts.map((p) => (
            <div
              key={p.minute}
              className={cn('flex min-w-0 items-center overflow-hidden px-1', p.color)}
              style={{ flexGrow: p.length, flexBasis: 0 }}
            >
              <span className="truncate" aria-hidden="true">
                {shownText(p)}
              </span>
            </div>
          ))}
        </div>
      )}
      <span className="sr-only">{summary}</span>
    </td>
  );
}
