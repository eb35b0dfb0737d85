import { LANDING_VIDEO_DELAY_MS, LANDING_VIDEO_DELAY_SLOW_MS, LANDING_VIDEO_TIMEOUT_MS } from '@contract/constants';

/**
 * The landing hero's video rules (docs/product.md#states), as pure functions so they are tested
 * without a browser. The component (`hero-media.tsx`) only reads the environment, runs the timers and
 * feeds events into `heroVideoReducer`.
 *
 * Connection classes (Network Information API `effectiveType`; browsers without it count as fast):
 * - `slow-2g` and `2g` are too slow for a video: the image stays ("falls back on a slow connection");
 * - `3g` loads the video, but only after the slow delay (2 s), so it never competes with the page;
 * - `4g` or unknown: the normal delay (0.5 s).
 * `saveData` (the user's data-saver switch) always keeps the image.
 */

/** What the page knows about the visitor before loading anything. */
export type HeroVideoEnvironment = {
  /** `navigator.connection`, absent in browsers without the Network Information API. */
  connection?: { effectiveType?: string; saveData?: boolean } | undefined;
  /** `matchMedia('(prefers-reduced-motion: reduce)').matches` */
  prefersReducedMotion: boolean;
};

export type HeroFallbackReason = 'reduced-motion' | 'save-data' | 'slow-connection' | 'error' | 'timeout';

export type HeroVideoPlan =
  { load: false; reason: HeroFallbackReason } | { load: true; delayMs: number; timeoutMs: number };

const TOO_SLOW_FOR_VIDEO = new Set(['slow-2g', '2g']);
const SLOW = new Set(['3g']);

/** Should the video load at all, and if so after which delay and with which timeout? */
export function planHeroVideo(env: HeroVideoEnvironment): HeroVideoPlan {
  if (env.prefersReducedMotion) return { load: false, reason: 'reduced-motion' };
  if (env.connection?.saveData === true) return { load: false, reason: 'save-data' };
  const type = env.connection?.effectiveType;
  if (type && TOO_SLOW_FOR_VIDEO.has(type)) return { load: false, reason: 'slow-connection' };
  const delayMs = type && SLOW.has(type) ? LANDING_VIDEO_DELAY_SLOW_MS : LANDING_VIDEO_DELAY_MS;
  return { load: true, delayMs, timeoutMs: LANDING_VIDEO_TIMEOUT_MS };
}

/**
 * - `hidden`: the hero is not on screen yet; the image shows and nothing is fetched.
 * - `waiting`: on screen, waiting for the delay.
 * - `loading`: the video element exists and fetches; the image still shows; the timeout runs.
 * - `playing`: the video plays over the image.
 * - `fallback`: the image, for good (plan said no, error, or timeout).
 */
export type HeroVideoPhase = 'hidden' | 'waiting' | 'loading' | 'playing' | 'fallback';

export type HeroVideoState = { phase: HeroVideoPhase; reason?: HeroFallbackReason };

export type HeroVideoEvent =
  | { type: 'visible' }
  | { type: 'delay-elapsed' }
  | { type: 'playing' }
  | { type: 'error' }
  | { type: 'timeout' }
  | { type: 'reduced-motion' };

export function initialHeroVideoState(plan: HeroVideoPlan): HeroVideoState {
  return plan.load ? { phase: 'hidden' } : { phase: 'fallback', reason: plan.reason };
}

export function heroVideoReducer(state: HeroVideoState, event: HeroVideoEvent): HeroVideoState {
  if (state.phase === 'fallback') return state;
  switch (event.type) {
    case 'visible':
      return state.phase === 'hidden' ? { phase: 'waiting' } : state;
    case 'delay-elapsed':
      return state.phase === 'waiting' ? { phase: 'loading' } : state;
    case 'playing':
      return state.phase === 'loading' ? { phase: 'playing' } : state;
    case 'error':
      // Before loading there is no video to fail; once loading or playing, any failure shows the image.
      return state.phase === 'loading' || state.phase === 'playing' ? { phase: 'fallback', reason: 'error' } : state;
    case 'timeout':
      // The timeout only matters while the video has not started; a playing video keeps playing.
      return state.phase === 'loading' ? { phase: 'fallback', reason: 'timeout' } : state;
    case 'reduced-motion':
      return { phase: 'fallback', reason: 'reduced-motion' };
  }
}

/** Whether the `<video>` element is rendered (and so fetching) in this phase. */
export const rendersVideo = (phase: HeroVideoPhase) => phase === 'loading' || phase === 'playing';

export type HeroVideoSource = { src: string; type: string };

/**
 * The first source the browser says it can play (`video.canPlayType`), or none. One `src` instead
 * of `<source>` children, because only then does a failed load fire `error` on the video itself.
 */
export function pickHeroVideoSource(
  sources: readonly HeroVideoSource[],
  canPlayType: (type: string) => string,
): HeroVideoSource | undefined {
  return sources.find((source) => canPlayType(source.type) !== '');
}
