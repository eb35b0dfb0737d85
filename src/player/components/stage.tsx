import { useCallback, useEffect, useMemo, type CSSProperties, type Ref } from 'react';
import type { AdPlacer } from '../lib/ad-placer';
import type { ScreenPlan, WindowPlan } from '../lib/screen-plan';
import type { AdSource, EndedPlay } from '../lib/window-engine';
import { IdlePanel } from './idle-panel';
import { WindowPlayer } from './window-player';

type StageProps = {
  stageRef: Ref<HTMLDivElement>;
  plan: ScreenPlan | null;
  /** The device's spec layout, for a manifest without zones (drawn as before zones). */
  dual: boolean;
  vertical: boolean;
  /** A vertical device on a landscape output: the stage is drawn turned a quarter (player.css). */
  rotated: boolean;
  /** Nothing plays while the page reloads: the windows close, so their items are recorded. */
  closed: boolean;
  deviceName: string;
  /** The screen's ads, placed in each zone's loop (docs/ads.md#placement). */
  ads: AdPlacer;
  onPlayingChange: (index: number, playing: boolean) => void;
  onPlayed: (index: number, zone: string, play: EndedPlay) => void;
  /** An item's file could not load or play (docs/screen-health.md#the-player). */
  onMediaError: (mediaId: number, message: string) => void;
};

/**
 * The screen (docs/layouts.md#the-player): with zones, each window is drawn at its zone's rectangle
 * (percent of the screen, as the viewer sees it, so a turned vertical stage turns its zones too),
 * layered by `z` and fitting its media by the zone's `fit`; without zones, or under an emergency,
 * the old single/dual flex stage of player.css.
 */
export function Stage({ stageRef, plan, dual, vertical, rotated, closed, deviceName, ads, ...handlers }: StageProps) {
  const windows = plan?.windows ?? [];
  const zoned = windows.some((w) => w.rect !== null);
  const compact = zoned ? windows.length > 1 : dual && !plan?.fullScreen;
  // Outside the opening hours (docs/opening-hours.md): plain black, no window mounted.
  const closedHours = plan?.open === false;
  return (
    <div
      ref={stageRef}
      className="stage"
      data-open={!closedHours}
      data-layout={zoned ? 'zones' : compact ? 'dual' : 'single'}
      data-orientation={vertical ? 'vertical' : 'horizontal'}
      data-rotated={rotated}
    >
      {closed || closedHours
        ? null
        : windows.map((window, index) => (
            <WindowSlot
              key={index}
              plan={window}
              index={index}
              compact={compact}
              deviceName={deviceName}
              // An emergency is not interrupted by ads.
              ads={plan?.fullScreen ? null : ads.forZone(index)}
              {...handlers}
            />
          ))}
    </div>
  );
}

/** A zone's place on the stage, its layer and how its media fits (player.css reads `data-fit`). */
function frameOf(plan: WindowPlan): { style?: CSSProperties; fit: string } {
  const rect = plan.rect;
  if (!rect) return { fit: 'contain' };
  return {
    style: {
      left: `${rect.x}%`,
      top: `${rect.y}%`,
      width: `${rect.width}%`,
      height: `${rect.height}%`,
      zIndex: rect.z,
    },
    fit: rect.fit,
  };
}

type WindowSlotProps = {
  plan: WindowPlan;
  index: number;
  compact: boolean;
  deviceName: string;
  ads: AdSource | null;
  onPlayingChange: (index: number, playing: boolean) => void;
  onPlayed: (index: number, zone: string, play: EndedPlay) => void;
  onMediaError: (mediaId: number, message: string) => void;
};

function WindowSlot({
  plan,
  index,
  compact,
  deviceName,
  ads,
  onPlayingChange,
  onPlayed,
  onMediaError,
}: WindowSlotProps) {
  const { playlist, active, source, campaignId, zone } = plan;
  const playable = !!playlist && active && playlist.items.length > 0;
  const items = useMemo(() => playlist?.items ?? [], [playlist]);
  const report = useCallback((playing: boolean) => onPlayingChange(index, playing), [index, onPlayingChange]);
  const played = useCallback((play: EndedPlay) => onPlayed(index, zone, play), [index, zone, onPlayed]);
  useEffect(() => {
    if (!playable) onPlayingChange(index, false);
  }, [playable, index, onPlayingChange]);

  const { style, fit } = frameOf(plan);
  const attributes = {
    'data-source': source,
    'data-campaign-id': campaignId ?? '',
    'data-playlist-id': playlist?.playlistId ?? '',
    'data-zone': zone,
    'data-fit': fit,
    'data-z': plan.rect?.z ?? 0,
  };
  if (playable)
    return (
      <WindowPlayer
        items={items}
        playlistId={playlist.playlistId}
        campaignId={campaignId}
        ads={ads}
        onPlayed={played}
        onMediaError={onMediaError}
        attributes={attributes}
        style={style}
        index={index}
        compact={compact}
        onPlayingChange={report}
      />
    );
  const why = !playlist
    ? { title: 'Nenhuma playlist atribuída', detail: `Atribua uma playlist a "${deviceName}" no painel do Sinalize.` }
    : !active
      ? { title: 'Fora do período da campanha', detail: `A playlist "${playlist.name}" não está em exibição hoje.` }
      : { title: 'Playlist sem mídias', detail: `Adicione mídias à playlist "${playlist.name}".` };
  return (
    <section
      className="window"
      data-window={index}
      data-window-state="idle"
      data-shown-count={0}
      {...attributes}
      style={style}
      aria-label={`Janela ${index + 1}`}
    >
      <IdlePanel compact={compact} title={why.title} detail={why.detail} />
    </section>
  );
}
