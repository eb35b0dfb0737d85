import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AdPlacer } from '../lib/ad-placer';
import { AdPlays } from '../lib/ad-plays';
import { keepScreenOn } from '../lib/app-bridge';
import { postHealth, postPlaybackErrors, postPlays } from '../lib/device-api';
import { DeviceLink } from '../lib/device-link';
import { collectHealth, pageEnvironment } from '../lib/health-report';
import { HealthReporter } from '../lib/health-reporter';
import { campaignsOf, manifestFiles, planScreen, screenOnAir, type ScreenPlan } from '../lib/screen-plan';
import { captureScreen } from '../lib/screen-capture';
import { PlayLog, toPlayRecord } from '../lib/play-log';
import { createPlayStore } from '../lib/play-store';
import { ScreenScheduler } from '../lib/screen-scheduler';
import {
  loadClockOffset,
  loadManifest,
  newSessionId,
  saveClockOffset,
  saveManifest,
  type StoredManifest,
} from '../lib/storage';
import { getCacheStatus, onCacheStatus, syncCache, type CacheStatus } from '../lib/sw-client';
import type { EndedPlay } from '../lib/window-engine';
import { TimeZoneContext } from './content/content-media';
import { IdlePanel } from './idle-panel';
import { Stage } from './stage';

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

/** A reload waits at most this long for the last records to be stored (a stuck IndexedDB must not keep the page). */
const RELOAD_SETTLE_MS = 3_000;

/**
 * The paired TV: keeps the manifest current through the DeviceLink (stored for offline reloads),
 * hands its files (campaigns' included) to the service worker, lets the ScreenScheduler decide what
 * each window plays on the server's clock (campaigns, an emergency over the whole screen, else the
 * assigned playlists), lays out the windows and reports Executando / Aguardando and the campaign on
 * air to the server, with what each window plays. The AdPlacer places the manifest's ads in the
 * windows' loops (docs/ads.md#placement). Each item shown becomes a proof-of-play record,
 * buffered and sent by the PlayLog. The admin may ask for a screenshot (the stage drawn by
 * lib/screen-capture.ts) or a reload.
 */
export function PlaybackScreen({ token, onRevoked }: { token: string; onRevoked: () => void }) {
  const [stored, setStored] = useState<StoredManifest | null>(loadManifest);
  const [online, setOnline] = useState<boolean | null>(null);
  const initial = useRef(stored);
  const link = useRef<DeviceLink | null>(null);
  const [plan, setPlan] = useState<ScreenPlan | null>(() =>
    stored ? planScreen(stored.manifest, new Date(Date.now() + loadClockOffset())) : null,
  );
  const clockOffset = useRef(loadClockOffset());
  // The ads placed in the zones' loops, and their plays this hour, kept across reloads (docs/ads.md#placement).
  const [ads] = useState(() => new AdPlacer(new AdPlays(), stored?.manifest ?? null, loadClockOffset()));
  const playLog = useRef<PlayLog | null>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [reloading, setReloading] = useState(false);
  const onPlayed = useCallback((window: number, zone: string, play: EndedPlay) => {
    const record = toPlayRecord(play, window, clockOffset.current, zone);
    if (record) void playLog.current?.record(record);
  }, []);
  const health = useRef<HealthReporter | null>(null);
  const onMediaError = useCallback(
    (mediaId: number, message: string) => health.current?.mediaFailed(mediaId, message),
    [],
  );

  useEffect(() => {
    const plays = new PlayLog(createPlayStore(), (records) => postPlays(token, records));
    playLog.current = plays;
    plays.start();
    // docs/screen-health.md#the-player: the TV's report once a minute, and the items that failed to play.
    const reporter = new HealthReporter({
      collect: (lastError) =>
        collectHealth(
          pageEnvironment(() => getCacheStatus().cachedBytes),
          lastError,
        ),
      sendReport: (report) => postHealth(token, report),
      sendErrors: (errors) => postPlaybackErrors(token, errors),
      now: () => Date.now() + clockOffset.current,
    });
    health.current = reporter;
    reporter.start();
    const scheduler = new ScreenScheduler(setPlan, loadClockOffset());
    scheduler.setManifest(initial.current?.manifest ?? null);
    const created = new DeviceLink(
      token,
      { version: initial.current?.manifest.version ?? null, etag: initial.current?.etag ?? null },
      {
        onManifest: (manifest, etag) => {
          const next = { manifest, etag };
          saveManifest(next);
          ads.setManifest(manifest);
          setStored(next);
          scheduler.setManifest(manifest);
        },
        onRevoked: () => {
          // Records of this pairing cannot be sent as any other device.
          void plays.clear();
          onRevoked();
        },
        onConnection: (connected) => {
          setOnline(connected);
          // Back online: what was buffered meanwhile goes now, not at the next round.
          if (connected) {
            void plays.flush();
            void reporter.flush();
          }
        },
        onClockOffset: (offsetMs) => {
          clockOffset.current = offsetMs;
          saveClockOffset(offsetMs);
          scheduler.setOffset(offsetMs);
          ads.setOffset(offsetMs);
        },
        onScreenshotRequest: () => captureScreen(stage.current),
        onReloadRequest: () => setReloading(true),
      },
    );
    link.current = created;
    created.start();
    // Timers may stand still while the page is hidden or the TV sleeps: decide again on the way back.
    const recheck = () => {
      if (document.visibilityState === 'visible') scheduler.recheck();
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('pageshow', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('pageshow', recheck);
      window.removeEventListener('focus', recheck);
      scheduler.dispose();
      created.stop();
      plays.stop();
      reporter.stop();
    };
  }, [token, onRevoked, ads]);

  const manifest = stored?.manifest ?? null;
  const version = manifest?.version;
  useEffect(() => {
    if (manifest) syncCache(manifestFiles(manifest));
    // The file list changes only with the version.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  // Executando while at least one window plays; each run gets its own session id.
  const [playingWindows, setPlayingWindows] = useState<Record<number, boolean>>({});
  const onPlayingChange = useCallback(
    (index: number, value: boolean) => setPlayingWindows((p) => (p[index] === value ? p : { ...p, [index]: value })),
    [],
  );
  const windows = plan?.windows ?? [];
  const playing = windows.some((_, i) => playingWindows[i]);
  const campaignId = plan?.campaignId ?? null;
  // The scheduler hands over a new plan only when it changes (or with a new manifest): never per item.
  // Closed (outside the opening hours), nothing is on air.
  const nowPlaying = useMemo(() => (plan?.open ? screenOnAir(plan) : undefined), [plan]);
  // Outside the opening hours the Android app lets the screen sleep (docs/opening-hours.md).
  const open = plan?.open ?? true;
  useEffect(() => {
    keepScreenOn(window, open);
  }, [open]);
  // Closed, every window is gone: none of them still counts as playing when the screen opens again.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (!open) setPlayingWindows({});
  }
  const session = useRef<string | null>(null);
  useEffect(() => {
    if (!playing) session.current = null;
    else session.current ??= newSessionId();
    link.current?.setStatus(
      session.current
        ? { state: 'playing', sessionId: session.current, campaignId, nowPlaying }
        : { state: 'idle', campaignId, nowPlaying },
    );
  }, [playing, campaignId, nowPlaying]);

  useEffect(() => {
    if (!reloading) return;
    // The windows have just closed, so the items they showed are handed to the PlayLog (cut short):
    // once those are stored, the reload loses no play.
    const settled = playLog.current?.settled() ?? Promise.resolve();
    void Promise.race([settled, new Promise((resolve) => setTimeout(resolve, RELOAD_SETTLE_MS))]).then(() =>
      location.reload(),
    );
  }, [reloading]);

  const cache = useCacheStatus();
  const landscape = useLandscape();
  const state = !manifest ? 'loading' : playing ? 'playing' : 'idle';
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
      data-campaigns={manifest ? campaignsOf(manifest).length : undefined}
      data-campaign-id={campaignId ?? ''}
      data-full-screen={plan?.fullScreen ?? false}
      data-open={open}
    >
      {!manifest ? (
        <IdlePanel
          title="Carregando conteúdo..."
          detail={online === false ? 'Sem conexão com o servidor. Tentando de novo…' : undefined}
        />
      ) : (
        <TimeZoneContext.Provider value={manifest.timeZone}>
          <Stage
            stageRef={stage}
            plan={plan}
            dual={manifest.device.layout === 'dual'}
            vertical={vertical}
            rotated={vertical && landscape}
            closed={reloading}
            deviceName={manifest.device.name}
            ads={ads}
            onPlayingChange={onPlayingChange}
            onPlayed={onPlayed}
            onMediaError={onMediaError}
          />
        </TimeZoneContext.Provider>
      )}
    </main>
  );
}
