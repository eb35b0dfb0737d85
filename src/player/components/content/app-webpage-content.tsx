import { useEffect, useRef, useState } from 'react';
import type { WebpageOptions } from '@contract/content';
import { newWebPageKey, onWebPageState, type WebPageBridge } from '../../lib/app-bridge';
import { hostOf } from '../../lib/content-plan';
import { afterPaint, type MediaProps } from './media-report';
import { WEBPAGE_LOAD_TIMEOUT_MS, WebpageNotice } from './webpage-notice';

/**
 * Where a zone is on the screen, as the app places a WebView there: its box in CSS px and the turn
 * of the stage (a vertical TV on a landscape output is drawn turned 90°, player.css). The box of a
 * turned element is the rectangle it covers on screen; the app lays its view out unturned around
 * that box's centre and turns it the same way (android/.../core/WebPageFrame.java).
 */
export function screenRectOf(element: Element) {
  const box = element.getBoundingClientRect();
  const rotation = element.closest('.stage')?.getAttribute('data-rotated') === 'true' ? 90 : 0;
  return { left: box.left, top: box.top, width: box.width, height: box.height, rotation };
}

/**
 * A web page inside the Android app (docs/android.md#web-pages): no frame here, a placeholder whose
 * rectangle the app covers with a WebView of its own, where framing rules do not apply. The page is
 * loaded only while on screen (the active layer, or the outgoing one still drawn beneath the next
 * item) and freed when it leaves. Ready at once (nothing to preload); its first frame counts once
 * the app says it loaded, so the outgoing item stays beneath until then. A page the app reports
 * failed, or that has not loaded in 15 s, gets the pt-BR notice. It reloads every `refreshMinutes`
 * while shown, the app loading the new copy beneath the old one.
 */
export function AppWebpageContent({
  options,
  bridge,
  onScreen,
  painting,
  onReady,
  onPainted,
}: MediaProps & { options: WebpageOptions; bridge: WebPageBridge; onScreen: boolean }) {
  const callbacks = useRef({ onReady, onPainted });
  useEffect(() => {
    callbacks.current = { onReady, onPainted };
  });
  const [key] = useState(newWebPageKey);
  const [state, setState] = useState<'loading' | 'shown' | 'refused'>('loading');
  const slot = useRef<HTMLDivElement>(null);
  const host = hostOf(options.url);
  const refused = state === 'refused';

  useEffect(() => callbacks.current.onReady(), []);
  // A late "loaded" (after the notice) changes nothing; "failed" may come after it showed (its renderer died).
  useEffect(
    () =>
      onWebPageState(window, key, (said) =>
        setState((s) => (said === 'failed' ? 'refused' : s === 'loading' ? 'shown' : s)),
      ),
    [key],
  );

  // On screen: shown at the zone's rectangle, moved when it changes; off screen or gone: freed.
  useEffect(() => {
    if (!onScreen || refused) return;
    const element = slot.current!;
    const place = () => {
      const r = screenRectOf(element);
      bridge.showWebPage(key, options.url, r.left, r.top, r.width, r.height, r.rotation, options.zoom);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(place);
    observer?.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', place);
      bridge.hideWebPage(key);
      // Shown again later, it loads again.
      setState((s) => (s === 'shown' ? 'loading' : s));
    };
  }, [onScreen, refused, bridge, key, options.url, options.zoom]);

  useEffect(() => {
    if (!onScreen || state !== 'loading') return;
    const timeout = setTimeout(() => setState((s) => (s === 'loading' ? 'refused' : s)), WEBPAGE_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timeout);
  }, [onScreen, state]);

  useEffect(
    () => (painting && state !== 'loading' ? afterPaint(() => callbacks.current.onPainted()) : undefined),
    [painting, state],
  );

  useEffect(() => {
    if (!onScreen || state !== 'shown' || !options.refreshMinutes) return;
    const timer = setInterval(() => bridge.reloadWebPage(key), options.refreshMinutes * 60_000);
    return () => clearInterval(timer);
  }, [onScreen, state, options.refreshMinutes, bridge, key]);

  return (
    <div
      ref={slot}
      className="content content-webpage content-webpage-app"
      data-state={state}
      data-host={host}
      data-web-page={key}
    >
      {refused ? (
        <WebpageNotice host={host} />
      ) : (
        <div className="content-webpage-slot" data-capture="placeholder" data-label={`Página web: ${host}`}>
          {/* Transparent while the outgoing item shows beneath; then a word rather than a blank zone. */}
          {state === 'loading' && !painting ? (
            <div className="content-notice">
              <div className="content-notice-title">Carregando a página {host}…</div>
            </div>
          ) : null}
        </div>
      )}
    </div>
  );
}
