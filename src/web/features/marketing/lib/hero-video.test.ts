import { LANDING_VIDEO_DELAY_MS, LANDING_VIDEO_DELAY_SLOW_MS, LANDING_VIDEO_TIMEOUT_MS } from '@contract/constants';
import { describe, expect, it } from 'vitest';
import {
  heroVideoReducer,
  initialHeroVideoState,
  pickHeroVideoSource,
  planHeroVideo,
  rendersVideo,
  type HeroVideoEvent,
  type HeroVideoState,
} from './hero-video';

const fast = { connection: { effectiveType: '4g', saveData: false }, prefersReducedMotion: false };

describe('planHeroVideo', () => {
  it('loads the video after 0.5 s on a fast connection, with the 10 s timeout', () => {
    expect(planHeroVideo(fast)).toEqual({ load: true, delayMs: 500, timeoutMs: 10_000 });
    expect(LANDING_VIDEO_DELAY_MS).toBe(500);
    expect(LANDING_VIDEO_TIMEOUT_MS).toBe(10_000);
  });

  it('treats a browser without the Network Information API as fast', () => {
    expect(planHeroVideo({ prefersReducedMotion: false })).toEqual({ load: true, delayMs: 500, timeoutMs: 10_000 });
    expect(planHeroVideo({ connection: {}, prefersReducedMotion: false })).toMatchObject({ load: true, delayMs: 500 });
    expect(planHeroVideo({ connection: { effectiveType: 'unknown-type' }, prefersReducedMotion: false })).toMatchObject(
      { delayMs: 500 },
    );
  });

  it('delays the load by 2 s on a slow (3g) connection', () => {
    expect(planHeroVideo({ connection: { effectiveType: '3g' }, prefersReducedMotion: false })).toEqual({
      load: true,
      delayMs: LANDING_VIDEO_DELAY_SLOW_MS,
      timeoutMs: 10_000,
    });
    expect(LANDING_VIDEO_DELAY_SLOW_MS).toBe(2000);
  });

  it.each(['slow-2g', '2g'])('keeps the image on a %s connection', (effectiveType) => {
    expect(planHeroVideo({ connection: { effectiveType }, prefersReducedMotion: false })).toEqual({
      load: false,
      reason: 'slow-connection',
    });
  });

  it('keeps the image when the user saves data, whatever the connection', () => {
    expect(planHeroVideo({ connection: { effectiveType: '4g', saveData: true }, prefersReducedMotion: false })).toEqual(
      { load: false, reason: 'save-data' },
    );
    expect(planHeroVideo({ connection: { saveData: true }, prefersReducedMotion: false })).toEqual({
      load: false,
      reason: 'save-data',
    });
  });

  it('keeps the image under prefers-reduced-motion, even on a fast connection', () => {
    expect(planHeroVideo({ ...fast, prefersReducedMotion: true })).toEqual({ load: false, reason: 'reduced-motion' });
  });
});

const run = (state: HeroVideoState, ...events: HeroVideoEvent['type'][]) =>
  events.reduce((s, type) => heroVideoReducer(s, { type } as HeroVideoEvent), state);
const start = initialHeroVideoState(planHeroVideo(fast));

describe('heroVideoReducer', () => {
  it('starts hidden when the plan loads the video, and in fallback when it does not', () => {
    expect(start).toEqual({ phase: 'hidden' });
    expect(initialHeroVideoState({ load: false, reason: 'save-data' })).toEqual({
      phase: 'fallback',
      reason: 'save-data',
    });
  });

  it('loads only once visible and after the delay, then plays', () => {
    expect(run(start, 'delay-elapsed')).toEqual({ phase: 'hidden' });
    expect(run(start, 'visible')).toEqual({ phase: 'waiting' });
    expect(run(start, 'visible', 'playing')).toEqual({ phase: 'waiting' });
    expect(run(start, 'visible', 'delay-elapsed')).toEqual({ phase: 'loading' });
    expect(run(start, 'visible', 'delay-elapsed', 'playing')).toEqual({ phase: 'playing' });
  });

  it('falls back to the image on error, while loading or playing', () => {
    expect(run(start, 'visible', 'delay-elapsed', 'error')).toEqual({ phase: 'fallback', reason: 'error' });
    expect(run(start, 'visible', 'delay-elapsed', 'playing', 'error')).toEqual({ phase: 'fallback', reason: 'error' });
  });

  it('falls back to the image when the video has not started before the timeout', () => {
    expect(run(start, 'visible', 'delay-elapsed', 'timeout')).toEqual({ phase: 'fallback', reason: 'timeout' });
    // Once playing, a late timeout changes nothing.
    expect(run(start, 'visible', 'delay-elapsed', 'playing', 'timeout')).toEqual({ phase: 'playing' });
  });

  it('falls back when reduced motion is switched on, at any point', () => {
    for (const state of [start, run(start, 'visible'), run(start, 'visible', 'delay-elapsed', 'playing')]) {
      expect(run(state, 'reduced-motion')).toEqual({ phase: 'fallback', reason: 'reduced-motion' });
    }
  });

  it('never leaves the fallback', () => {
    const fallback = run(start, 'visible', 'delay-elapsed', 'timeout');
    expect(run(fallback, 'visible', 'delay-elapsed', 'playing')).toEqual(fallback);
  });

  it('renders the video element only while loading or playing', () => {
    expect(['hidden', 'waiting', 'loading', 'playing', 'fallback'].filter((p) => rendersVideo(p as never))).toEqual([
      'loading',
      'playing',
    ]);
  });
});

describe('pickHeroVideoSource', () => {
  const sources = [
    { src: '/landing/hero-loop.webm', type: 'video/webm; codecs="vp9"' },
    { src: '/landing/hero-loop.mp4', type: 'video/mp4; codecs="avc1.4d401f"' },
  ];
  it('takes the first source the browser can play', () => {
    expect(pickHeroVideoSource(sources, () => 'probably')?.src).toBe('/landing/hero-loop.webm');
    expect(pickHeroVideoSource(sources, (type) => (type.startsWith('video/mp4') ? 'maybe' : ''))?.src).toBe(
      '/landing/hero-loop.mp4',
    );
    expect(pickHeroVideoSource(sources, () => '')).toBeUndefined();
  });
});
