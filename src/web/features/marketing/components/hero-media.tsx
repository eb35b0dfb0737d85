import { cn } from '@web/lib/cn';
import { useEffect, useReducer, useRef, useState } from 'react';
import {
  heroVideoReducer,
  initialHeroVideoState,
  pickHeroVideoSource,
  planHeroVideo,
  rendersVideo,
  type HeroVideoEnvironment,
  type HeroVideoSource,
} from '../lib/hero-video';

// Made for the project by scripts/make-hero-media.mjs; the poster is the loop's first frame.
const POSTER = '/landing/hero-poster.webp';
const SOURCES: readonly HeroVideoSource[] = [
  { src: '/landing/hero-loop.webm', type: 'video/webm; codecs="vp9"' },
  { src: '/landing/hero-loop.mp4', type: 'video/mp4; codecs="avc1.4d401f"' },
];
const ALT =
  'Ilustração de uma TV exibindo um layout de sinalização digital: um slide promocional, três painéis com gráficos de desempenho e uma faixa de avisos na parte de baixo.';
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

type NetworkInformationLike = { effectiveType?: string; saveData?: boolean };

function readEnvironment(): HeroVideoEnvironment {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  return {
    connection: connection ? { effectiveType: connection.effectiveType, saveData: connection.saveData } : undefined,
    prefersReducedMotion: window.matchMedia(REDUCED_MOTION).matches,
  };
}

/**
 * The hero "TV": the poster image is always there (it is the page's largest paint and the
 * fallback); the looping video is fetched only when docs/product.md#states allows it and plays over the image.
 * Rules and states: `../lib/hero-video.ts`.
 */
export function HeroMedia({ className }: { className?: string }) {
  const [plan] = useState(() => planHeroVideo(readEnvironment()));
  const [state, dispatch] = useReducer(heroVideoReducer, plan, initialHeroVideoState);
  const [source, setSource] = useState<HeroVideoSource>();
  const screenRef = useRef<HTMLDivElement>(null);
  const { phase } = state;

  // 1. Once visible (IntersectionObserver), and never before.
  useEffect(() => {
    if (phase !== 'hidden' || !screenRef.current) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        dispatch({ type: 'visible' });
      }
    });
    observer.observe(screenRef.current);
    return () => observer.disconnect();
  }, [phase]);

  // 2. After the delay (2 s on a slow connection, otherwise 0.5 s), pick a playable source and load it.
  useEffect(() => {
    if (phase !== 'waiting' || !plan.load) return;
    const timer = window.setTimeout(() => {
      const probe = document.createElement('video');
      const picked = pickHeroVideoSource(SOURCES, (type) => probe.canPlayType(type));
      setSource(picked);
      dispatch({ type: 'delay-elapsed' });
      if (!picked) dispatch({ type: 'error' });
    }, plan.delayMs);
    return () => window.clearTimeout(timer);
  }, [phase, plan]);

  // 3. The video has 10 s to start playing, or the image stays.
  useEffect(() => {
    if (phase !== 'loading' || !plan.load) return;
    const timer = window.setTimeout(() => dispatch({ type: 'timeout' }), plan.timeoutMs);
    return () => window.clearTimeout(timer);
  }, [phase, plan]);

  // Switching reduced motion on while the page is open stops the video too.
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const onChange = () => {
      if (query.matches) dispatch({ type: 'reduced-motion' });
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  return (
    <figure className={cn('relative mx-auto w-full max-w-2xl', className)}>
      <div className="rounded-2xl bg-slate-900 p-2 shadow-2xl ring-1 ring-black/10 sm:p-3">
        <div
          ref={screenRef}
          data-hero-video={phase}
          className="relative aspect-video overflow-hidden rounded-lg bg-indigo-950"
        >
          <img
            src={POSTER}
            alt={ALT}
            width={960}
            height={540}
            fetchPriority="high"
            decoding="async"
            className="absolute inset-0 size-full object-cover"
          />
          {rendersVideo(phase) && source ? (
            <video
              src={source.src}
              poster={POSTER}
              muted
              loop
              autoPlay
              playsInline
              preload="auto"
              disablePictureInPicture
              aria-hidden="true"
              tabIndex={-1}
              onPlaying={() => dispatch({ type: 'playing' })}
              onError={() => dispatch({ type: 'error' })}
              className={cn(
                'absolute inset-0 size-full object-cover transition-opacity duration-700',
                phase === 'playing' ? 'opacity-100' : 'opacity-0',
              )}
            />
          ) : null}
        </div>
      </div>
      {/* The TV stand. */}
      <div aria-hidden="true" className="mx-auto h-3 w-1/4 rounded-b-lg bg-slate-800" />
      <div aria-hidden="true" className="mx-auto h-1.5 w-2/5 rounded-full bg-slate-300" />
    </figure>
  );
}
