import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Manifest, ManifestWindow } from '@contract/tv';
import { campaignState } from '../lib/campaign';
import { DeviceLink } from '../lib/device-link';
import { filesOf } from '../lib/media-url';
import { loadManifest, newSessionId, saveManifest, type StoredManifest } from '../lib/storage';
import { getCacheStatus, onCacheStatus, syncCache, type CacheStatus } from '../lib/sw-client';
import { useNow } from '../lib/use-now';
import { IdlePanel } from './idle-panel';
import { WindowPlayer } from './window-player';

/** Landscape screen (the usual TV output)? A vertical device is then drawn rotated by 90°. */
function useLandscape() {
  const [landscape, setLandscape] = useState(() => window.innerWidth >= window.innerHeight);
  useEffect(() => {
    const update = () => setLandscape(window.innerWidth >= window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return landscape;
}

function useCacheStatus() {
  const [status, setStatus] = useState<CacheStatus>(getCacheStatus);
  useEffect(() => {
    const off = onCacheStatus(setStatus);
    return () => {
      off();
    };
  }, []);
  return status;
}

/**
 * The paired TV: keeps the manifest current through the DeviceLink (stored for offline reloads),
 * hands its files to the service worker, lays out one or two windows and reports Executando /
 * Aguardando to the server.
 */
export function PlaybackScreen({ token, onRevoked }: { token: string; onRevoked: () => void }) {
  const [stored, setStored] = useState<StoredManifest | null>(loadManifest);
  const [online, setOnline] = useState<boolean | null>(null);
  const initial = useRef(stored);
  const link = useRef<DeviceLink | null>(null);

  useEffect(() => {
    const created = new DeviceLink(
      token,
      { version: initial.current?.manifest.version ?? null, etag: initial.current?.etag ?? null },
      {
        onManifest: (manifest, etag) => {
          const next = { manifest, etag };
          saveManifest(next);
          setStored(next);
        },
        onRevoked,
        onConnection: setOnline,
      },
    );
    link.current = created;
    created.start();
    return () => created.stop();
  }, [token, onRevoked]);

  const manifest = stored?.manifest ?? null;
  const version = manifest?.version;
  useEffect(() => {
    if (manifest) syncCache(filesOf(manifest.windows));
    // The file list changes only with the version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  // Executando while at least one window plays; each run gets its own session id.
  const [playingWindows, setPlayingWindows] = useState<Record<number, boolean>>({});
  const onPlayingChange = useCallback((index: number, value: boolean) => setPlayingWindows((p) => (p[index] === value ? p : { ...p, [index]: value })), []);
  const slots = manifest ? windowSlots(manifest) : [];
  const playing = slots.some((_, i) => playingWindows[i]);
  useEffect(() => {
    link.current?.setStatus(playing ? { state: 'playing', sessionId: newSessionId() } : { state: 'idle' });
  }, [playing]);

  const cache = useCacheStatus();
  const landscape = useLandscape();
  const nextChange = useCallback(
    (now: Date) =>
      slots.reduce<Date | null>((soonest, w) => {
        const at = w ? campaignState(w, now).changesAt : null;
        return at && (!soonest || at < soonest) ? at : soonest;
      }, null),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const now = useNow(nextChange);

  const state = !manifest ? 'loading' : playing ? 'playing' : 'idle';
  const dual = manifest?.device.layout === 'dual';
  const vertical = manifest?.device.orientation === 'vertical';
  return (
    <main
      className="player"
      data-state={state}
      data-connection={online === null ? 'connecting' : online ? 'online' : 'offline'}
      data-sw={cache.worker}
      data-cache-cached={cache.cached}
      data-cache-missing={cache.missing}
      data-device-id={manifest?.device.id}
    >
      {!manifest ? (
        <IdlePanel title="Carregando conteúdo..." detail={online === false ? 'Sem conexão com o servidor. Tentando de novo…' : undefined} />
      ) : (
        <div className="stage" data-layout={dual ? 'dual' : 'single'} data-orientation={vertical ? 'vertical' : 'horizontal'} data-rotated={vertical && landscape}>
          {slots.map((window, index) => (
            <WindowSlot key={index} window={window} index={index} now={now} compact={dual} onPlayingChange={onPlayingChange} deviceName={manifest.device.name} />
          ))}
        </div>
      )}
    </main>
  );
}

/** One window per layout slot: single → 1, dual → 2 (a missing playlist is null). */
function windowSlots(manifest: Manifest): Array<ManifestWindow | null> {
  const count = manifest.device.layout === 'dual' ? 2 : 1;
  return Array.from({ length: count }, (_, i) => manifest.windows[i] ?? null);
}

type WindowSlotProps = {
  window: ManifestWindow | null;
  index: number;
  now: Date;
  compact: boolean;
  deviceName: string;
  onPlayingChange: (index: number, playing: boolean) => void;
};

function WindowSlot({ window, index, now, compact, deviceName, onPlayingChange }: WindowSlotProps) {
  const active = window ? campaignState(window, now).active : false;
  const playable = !!window && active && window.items.length > 0;
  const items = useMemo(() => window?.items ?? [], [window]);
  const report = useCallback((playing: boolean) => onPlayingChange(index, playing), [index, onPlayingChange]);
  useEffect(() => {
    if (!playable) onPlayingChange(index, false);
  }, [playable, index, onPlayingChange]);

  if (playable) return <WindowPlayer items={items} index={index} compact={compact} onPlayingChange={report} />;
  const why = !window
    ? { title: 'Nenhuma playlist atribuída', detail: `Atribua uma playlist a "${deviceName}" no painel do Sinalize.` }
    : !active
      ? { title: 'Fora do período da campanha', detail: `A playlist "${window.name}" não está em exibição hoje.` }
      : { title: 'Playlist sem mídias', detail: `Adicione mídias à playlist "${window.name}".` };
  return (
    <section className="window" data-window={index} data-window-state="idle" data-shown-count={0} aria-label={`Janela ${index + 1}`}>
      <IdlePanel compact={compact} title={why.title} detail={why.detail} />
    </section>
  );
}
