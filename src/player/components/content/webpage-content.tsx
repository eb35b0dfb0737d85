import { useEffect, useRef, useState } from 'react';
import type { WebpageOptions } from '@contract/content';
import { webPageBridgeOf } from '../../lib/app-bridge';
import { framingRefusal } from '@contract/framing';
import { hostOf } from '../../lib/content-plan';
import { AppWebpageContent } from './app-webpage-content';
import { useMediaReport, type MediaProps } from './media-report';
import { WEBPAGE_LOAD_TIMEOUT_MS, WebpageNotice } from './webpage-notice';

export { WEBPAGE_LOAD_TIMEOUT_MS };
/** How long the framing check may take before the page is simply tried. */
const HEADER_CHECK_TIMEOUT_MS = 4_000;

/**
 * What the page's headers say about frames, when the site lets the player read them (CORS): Chrome
 * gives a frame it refuses (X-Frame-Options, CSP `frame-ancestors`) no error event, and its error
 * page is as unreadable as any other site's, so this is the only sign the player can read itself.
 */
async function refusedByHeaders(url: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(url, { mode: 'cors', credentials: 'omit', cache: 'no-store', signal });
    const refused =
      framingRefusal(
        { xFrameOptions: res.headers.get('x-frame-options'), csp: res.headers.get('content-security-policy') },
        new URL(res.url || url).origin,
        location.origin,
      ) !== null;
    void res.body?.cancel();
    return refused;
  } catch {
    return false; // not readable (no CORS) or unreachable: the frame's own load tells
  }
}

type WebpageProps = MediaProps & {
  options: WebpageOptions;
  /** The server saw the page refuse frames (docs/content.md#web-pages-the-framing-check). */
  framingRefused: boolean;
  active: boolean;
  leaving: boolean;
};

/**
 * A live web page: in the Android app, in a WebView of the app's own when the app offers it
 * (app-webpage-content.tsx); elsewhere in a frame.
 */
export function WebpageContent({ leaving, framingRefused, ...props }: WebpageProps) {
  const bridge = webPageBridgeOf(window);
  // The app's WebView is no frame: framing rules do not apply there (docs/android.md).
  return bridge ? (
    <AppWebpageContent {...props} bridge={bridge} onScreen={props.active || leaving} />
  ) : (
    <FramedWebpageContent {...props} framingRefused={framingRefused} />
  );
}

/**
 * A live web page in a sandboxed frame (scripts and forms, never top navigation or pop-ups), zoomed
 * by a CSS scale with the inverse width and height so it fills the zone. It reloads every
 * `refreshMinutes` while on screen, the new load beneath the old one until it has loaded. A page
 * that cannot be shown gets a pt-BR notice in the zone (docs/content.md#the-player).
 */
function FramedWebpageContent({ options, framingRefused, active, ...report }: Omit<WebpageProps, 'leaving'>) {
  const callbacks = useMediaReport(report);
  const [state, setState] = useState<'loading' | 'shown' | 'refused'>(framingRefused ? 'refused' : 'loading');
  const [frames, setFrames] = useState<Array<{ id: number; loaded: boolean }>>([{ id: 0, loaded: false }]);
  const readySent = useRef(false);
  const host = hostOf(options.url);
  const ready = () => {
    if (readySent.current) return;
    readySent.current = true;
    callbacks.current.onReady();
  };

  useEffect(() => {
    if (framingRefused) return; // the server read the headers already
    const controller = new AbortController();
    const check = setTimeout(() => controller.abort(), HEADER_CHECK_TIMEOUT_MS);
    void refusedByHeaders(options.url, controller.signal).then((refused) => {
      if (refused && !controller.signal.aborted) setState('refused');
    });
    const timeout = setTimeout(() => setState((s) => (s === 'loading' ? 'refused' : s)), WEBPAGE_LOAD_TIMEOUT_MS);
    return () => {
      controller.abort();
      clearTimeout(check);
      clearTimeout(timeout);
    };
  }, [options.url, framingRefused]);

  useEffect(() => {
    if (state === 'refused') ready();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  useEffect(() => {
    if (!active || !options.refreshMinutes || state === 'refused') return;
    const timer = setInterval(
      // The frame on screen stays until the new one has loaded, even past another interval.
      () =>
        setFrames((list) => [
          list.filter((f) => f.loaded).at(-1) ?? list[0]!,
          { id: (list.at(-1)?.id ?? 0) + 1, loaded: false },
        ]),
      options.refreshMinutes * 60_000,
    );
    return () => clearInterval(timer);
  }, [active, options.refreshMinutes, state]);

  const loaded = (id: number) => {
    // The newest load shows, the older frames go; the first load makes the item ready.
    setFrames((list) => list.filter((f) => f.id >= id).map((f) => (f.id === id ? { ...f, loaded: true } : f)));
    setState((s) => (s === 'loading' ? 'shown' : s));
    ready();
  };

  const scale = options.zoom / 100;
  return (
    <div className="content content-webpage" data-state={state} data-host={host}>
      {state === 'refused' ? (
        <WebpageNotice host={host} />
      ) : (
        frames.map((frame) => (
          <iframe
            key={frame.id}
            className="content-webpage-frame"
            data-capture="placeholder"
            data-label={`Página web: ${host}`}
            title={`Página web: ${host}`}
            src={options.url}
            sandbox="allow-scripts allow-same-origin allow-forms"
            referrerPolicy="no-referrer"
            style={{
              width: `${100 / scale}%`,
              height: `${100 / scale}%`,
              transform: `scale(${scale})`,
              visibility: frame.loaded || frames.length === 1 ? 'visible' : 'hidden',
            }}
            onLoad={() => loaded(frame.id)}
          />
        ))
      )}
    </div>
  );
}
