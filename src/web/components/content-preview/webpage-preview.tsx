import { httpUrl } from '@contract/http-url';
import { t } from '@web/i18n/pt-br';
import { Globe } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { readNumber, readString, type PreviewOptions } from './preview-options';

/** The page is laid out on a Full HD screen, then shrunk to the box, like the TV shows it zoomed. */
const SCREEN = { width: 1920, height: 1080 };

/** The box's width, followed as it resizes (none under jsdom: the page is then not scaled). */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/**
 * A web page in a sandboxed iframe at the item's zoom. Scripts run (most pages need them), but a
 * page of the panel's own origin gets no same-origin rights, so it can never reach the session.
 * When the panel's Content-Security-Policy refuses the frame, the address is shown instead.
 */
export function WebpagePreview({ options }: { options: PreviewOptions }) {
  const url = httpUrl(readString(options, 'url').trim());
  const zoom = Math.min(400, Math.max(25, readNumber(options, 'zoom', 100))) / 100;
  const [ref, width] = useWidth();
  const href = url?.href ?? null;
  // The address the policy refused, so a new address gets its own try.
  const [refused, setRefused] = useState<string | null>(null);
  const current = useRef(href);
  useEffect(() => {
    current.current = href;
  }, [href]);
  useEffect(() => {
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (/^(frame|child)-src/.test(event.effectiveDirective)) setRefused(current.current);
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    return () => document.removeEventListener('securitypolicyviolation', onViolation);
  }, []);
  const blocked = href !== null && refused === href;

  const scale = width > 0 ? (width / SCREEN.width) * zoom : 1;
  const sameOrigin = url?.origin === window.location.origin;
  return (
    <div ref={ref} className="relative size-full overflow-hidden bg-white">
      {href && !blocked ? (
        <iframe
          key={href}
          src={href}
          title={t.content.previewLabel(href)}
          sandbox={sameOrigin ? 'allow-scripts' : 'allow-scripts allow-same-origin'}
          referrerPolicy="no-referrer"
          loading="lazy"
          className="absolute top-0 left-0 origin-top-left border-0"
          style={{ width: SCREEN.width / zoom, height: SCREEN.height / zoom, transform: `scale(${scale})` }}
        />
      ) : null}
      {!href || blocked ? (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-slate-100 p-4 text-center text-slate-600">
          <Globe className="size-10" aria-hidden="true" />
          {href ? <p className="max-w-full truncate text-sm font-medium">{href}</p> : null}
          <p className="text-xs">{t.content.webpagePreviewNote}</p>
        </div>
      ) : null}
    </div>
  );
}
