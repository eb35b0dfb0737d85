import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { ManifestItem } from '@contract/tv';
import { videoErrorMessage } from '../lib/media-error';
import { playableUrl } from '../lib/media-url';
import { WindowEngine, type AdSource, type EndedPlay, type LayerSlot, type WindowView } from '../lib/window-engine';
import { ContentMedia } from './content/content-media';
import { afterPaint, reportDecoded, useMediaReport, type MediaProps } from './content/media-report';
import { IdlePanel } from './idle-panel';

const EMPTY: WindowView = {
  layers: [null, null],
  active: null,
  leaving: null,
  painting: false,
  shownCount: 0,
  unavailable: false,
};

type WindowPlayerProps = {
  items: ManifestItem[];
  /** Another playlist (a campaign starting or ending) starts at its first item; an edit of the same one does not. */
  playlistId: number;
  /** The campaign that put the playlist here (null: the assigned one), for the proof-of-play records. */
  campaignId: number | null;
  /** The screen's ads for this window's zone, placed after its items (docs/ads.md#placement); null: none. */
  ads: AdSource | null;
  /** An item left the screen (proof of play). */
  onPlayed: (play: EndedPlay) => void;
  /** An item's file could not load or play (screen health: docs/screen-health.md#the-player). */
  onMediaError: (mediaId: number, message: string) => void;
  /** What the window plays, for tests and diagnostics (`data-source`…). */
  attributes: Record<`data-${string}`, string | number>;
  /** The zone's rectangle and layer on the stage (none: the old single/dual stage). */
  style?: CSSProperties | undefined;
  index: number;
  compact: boolean;
  onPlayingChange: (playing: boolean) => void;
};

/**
 * One window playing its items (lib/window-engine.ts decides what and when): two stacked layers,
 * the visible one and the next item loading beneath it, swapped only once the next is ready; on a
 * swap the outgoing layer stays drawn beneath the incoming one until that one reports its first
 * painted frame (docs/layouts.md#the-player).
 */
export function WindowPlayer({
  items,
  playlistId,
  campaignId,
  ads,
  onPlayed,
  onMediaError,
  attributes,
  style,
  index,
  compact,
  onPlayingChange,
}: WindowPlayerProps) {
  const [view, setView] = useState<WindowView>(EMPTY);
  const engine = useRef<WindowEngine | null>(null);
  const playlistShown = useRef<number | null>(null);
  const played = useRef(onPlayed);
  const mediaError = useRef(onMediaError);
  useEffect(() => {
    played.current = onPlayed;
    mediaError.current = onMediaError;
  }, [onPlayed, onMediaError]);

  useEffect(() => {
    const created = new WindowEngine(setView, undefined, (play) => played.current(play));
    engine.current = created;
    return () => {
      created.dispose();
      engine.current = null;
    };
  }, []);
  useEffect(() => {
    const origin = { playlistId, campaignId };
    if (playlistShown.current !== null && playlistShown.current !== playlistId)
      engine.current?.startOver(items, origin);
    else engine.current?.setItems(items, origin);
    playlistShown.current = playlistId;
  }, [items, playlistId, campaignId]);
  useEffect(() => engine.current?.setAdSource(ads), [ads]);

  const playing = view.active !== null;
  useEffect(() => onPlayingChange(playing), [playing, onPlayingChange]);

  const current = view.active === null ? null : view.layers[view.active];
  return (
    <section
      className="window"
      data-window={index}
      data-window-state={playing ? 'playing' : view.unavailable ? 'idle' : 'loading'}
      data-media-id={current?.item.mediaId}
      data-media-type={current ? mediaTypeOf(current.item) : undefined}
      data-ad-id={current?.ad?.campaignId ?? ''}
      data-shown-count={view.shownCount}
      {...attributes}
      style={style}
      aria-label={`Janela ${index + 1}`}
    >
      {([0, 1] as const).map((layer) => (
        <Layer
          key={layer}
          layer={layer}
          slot={view.layers[layer]}
          active={view.active === layer}
          leaving={view.leaving === layer}
          painting={view.active === layer && view.painting}
          shownCount={view.shownCount}
          onReady={(loadId) => engine.current?.ready(layer, loadId)}
          onFailed={(loadId, item, message) => {
            mediaError.current(item.mediaId, message);
            engine.current?.failed(layer, loadId);
          }}
          onPainted={(loadId) => engine.current?.painted(layer, loadId)}
        />
      ))}
      {playing ? null : view.unavailable ? (
        <IdlePanel
          compact={compact}
          title="Conteúdo indisponível no momento"
          detail="Tentaremos de novo em instantes."
        />
      ) : (
        <IdlePanel compact={compact} title="Carregando conteúdo..." />
      )}
    </section>
  );
}

/** What the window shows, for tests and diagnostics: `video`, `image`, or the content's kind. */
const mediaTypeOf = (item: ManifestItem) =>
  item.content?.kind ?? (item.mimeType.startsWith('video/') ? 'video' : 'image');

type LayerProps = {
  layer: 0 | 1;
  slot: LayerSlot | null;
  active: boolean;
  leaving: boolean;
  painting: boolean;
  shownCount: number;
  onReady: (loadId: number) => void;
  onFailed: (loadId: number, item: ManifestItem, message: string) => void;
  onPainted: (loadId: number) => void;
};

function Layer({ layer, slot, active, leaving, painting, shownCount, onReady, onFailed, onPainted }: LayerProps) {
  if (!slot) return <div className="layer" data-layer={layer} data-active="false" />;
  const isVideo = slot.item.mimeType.startsWith('video/');
  const { content } = slot.item;
  const props = {
    onReady: () => onReady(slot.loadId),
    onFailed: (message: string) => onFailed(slot.loadId, slot.item, message),
    onPainted: () => onPainted(slot.loadId),
    painting,
  };
  return (
    <div
      className="layer"
      data-layer={layer}
      data-active={active}
      data-leaving={leaving}
      data-media-id={slot.item.mediaId}
      data-status={slot.status}
      data-kind={content?.kind ?? (isVideo ? 'video' : 'image')}
    >
      {/* A new element for every load: no event of an earlier file can reach the engine. */}
      {content ? (
        <ContentMedia
          key={slot.loadId}
          {...props}
          content={content}
          active={active}
          leaving={leaving}
          shownCount={shownCount}
        />
      ) : isVideo ? (
        <VideoMedia key={slot.loadId} {...props} url={playableUrl(slot.item)} active={active} shownCount={shownCount} />
      ) : (
        <ImageMedia key={slot.loadId} {...props} url={playableUrl(slot.item)} />
      )}
    </div>
  );
}

/** Ready once decoded, so the swap paints the whole picture at once; painted a frame after it shows. */
function ImageMedia({ url, ...report }: MediaProps & { url: string }) {
  const ref = useRef<HTMLImageElement>(null);
  const callbacks = useMediaReport(report);
  useEffect(() => reportDecoded(ref.current, callbacks), [callbacks]);
  return <img ref={ref} className="media" src={url} alt="" decoding="async" />;
}

/**
 * Muted, looping within its slot (a clip shorter than its item duration repeats; a longer one is
 * cut by the engine's timer), restarted from the beginning each time it comes on screen. Ready once
 * its first frame is decoded; painted once a frame of its playback has been presented
 * (`requestVideoFrameCallback`; without it, when it plays and a frame later).
 */
function VideoMedia({
  url,
  active,
  shownCount,
  painting,
  onReady,
  onFailed,
  onPainted,
}: MediaProps & { url: string; active: boolean; shownCount: number }) {
  const ref = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onReady, onFailed, onPainted });
  useEffect(() => {
    callbacks.current = { onReady, onFailed, onPainted };
  });
  useEffect(() => {
    if (!painting) return;
    const video = ref.current!;
    const done = () => callbacks.current.onPainted();
    if (typeof video.requestVideoFrameCallback === 'function') {
      const id = video.requestVideoFrameCallback(done);
      return () => video.cancelVideoFrameCallback(id);
    }
    let cancel = () => undefined as void;
    const playing = () => (cancel = afterPaint(done));
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) playing();
    else video.addEventListener('playing', playing, { once: true });
    return () => {
      video.removeEventListener('playing', playing);
      cancel();
    };
  }, [painting]);
  useEffect(() => {
    const video = ref.current!;
    video.muted = true;
    const ready = () => callbacks.current.onReady();
    const failed = () => callbacks.current.onFailed(videoErrorMessage(video.error));
    video.addEventListener('loadeddata', ready);
    video.addEventListener('error', failed);
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) ready();
    return () => {
      video.removeEventListener('loadeddata', ready);
      video.removeEventListener('error', failed);
    };
  }, []);
  useEffect(() => {
    const video = ref.current!;
    if (!active) {
      video.pause();
      return;
    }
    video.currentTime = 0;
    video.play().catch(() => undefined);
  }, [active, shownCount]);
  return <video ref={ref} className="media" src={url} muted playsInline loop preload="auto" disablePictureInPicture />;
}
