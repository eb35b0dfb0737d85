// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManifestContent } from '@contract/content';
import { WEB_PAGE_CALLBACK } from '../../lib/app-bridge';
import { ContentMedia } from './content-media';
import { WEBPAGE_LOAD_TIMEOUT_MS } from './webpage-notice';

type Call = [string, ...unknown[]];

/** What the Android app's bridge records (android/.../AppBridge.java). */
function stubApp() {
  const calls: Call[] = [];
  const app = {
    syncMedia: () => undefined,
    cacheStatus: () => '{}',
    showWebPage: (...args: unknown[]) => void calls.push(['show', ...args]),
    reloadWebPage: (key: string) => void calls.push(['reload', key]),
    hideWebPage: (key: string) => void calls.push(['hide', key]),
  };
  (window as unknown as { SinalizeApp?: object }).SinalizeApp = app;
  return calls;
}

/** The app telling the player what became of a page. */
const appSays = (key: string, state: string) =>
  act(() => (window as unknown as Record<string, (k: string, s: string) => void>)[WEB_PAGE_CALLBACK]!(key, state));

const page = (over: Partial<{ refreshMinutes: number | null; zoom: number }> = {}): ManifestContent => ({
  kind: 'webpage',
  options: { url: 'https://example.com/painel', refreshMinutes: null, zoom: 150, ...over },
});

function mount(content: ManifestContent, state: { active: boolean; leaving?: boolean; painting?: boolean }) {
  const reports = { ready: 0, painted: 0 };
  const props = (s: typeof state) => ({
    content,
    active: s.active,
    leaving: s.leaving ?? false,
    shownCount: 1,
    painting: s.painting ?? false,
    onReady: () => void reports.ready++,
    onFailed: () => undefined,
    onPainted: () => void reports.painted++,
  });
  const stage = document.createElement('div');
  stage.className = 'stage';
  stage.setAttribute('data-rotated', 'false');
  document.body.append(stage);
  const view = render(createElement(ContentMedia, props(state)), { container: stage });
  return {
    ...view,
    stage,
    reports,
    update: (s: typeof state) => view.rerender(createElement(ContentMedia, props(s))),
    key: () => view.container.querySelector('[data-web-page]')!.getAttribute('data-web-page')!,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    left: 640,
    top: 0,
    width: 640,
    height: 360,
    right: 1280,
    bottom: 360,
    x: 640,
    y: 0,
    toJSON: () => ({}),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
  document.body.innerHTML = '';
  delete (window as unknown as { SinalizeApp?: object }).SinalizeApp;
});

describe('a web page inside the Android app', () => {
  it("draws no frame: the app shows the page at the zone's rectangle while it is on screen", () => {
    const calls = stubApp();
    const view = mount(page(), { active: false });
    expect(view.container.querySelector('iframe')).toBeNull();
    // Loading beneath: ready at once (nothing to preload), and the app is not asked yet.
    expect(view.reports.ready).toBe(1);
    expect(calls).toEqual([]);

    view.update({ active: true, painting: true });
    const key = view.key();
    expect(calls).toEqual([['show', key, 'https://example.com/painel', 640, 0, 640, 360, 0, 150]]);
    // Its first frame is the app's page: the outgoing item stays beneath until the app says it loaded.
    act(() => void vi.advanceTimersByTime(100));
    expect(view.reports.painted).toBe(0);
    appSays(key, 'loaded');
    act(() => void vi.advanceTimersByTime(100));
    expect(view.reports.painted).toBe(1);
    expect(view.container.querySelector('[data-state]')!.getAttribute('data-state')).toBe('shown');

    // The next item on screen: still drawn beneath while it paints, then off screen and freed.
    view.update({ active: false, leaving: true });
    expect(calls.filter(([c]) => c === 'hide')).toEqual([]);
    view.update({ active: false });
    expect(calls.at(-1)).toEqual(['hide', key]);
    expect(view.container.querySelector('iframe')).toBeNull();
  });

  it('frees the page when the item is taken off the layer', () => {
    const calls = stubApp();
    const view = mount(page(), { active: true });
    const key = view.key();
    view.unmount();
    expect(calls.at(-1)).toEqual(['hide', key]);
  });

  it('turns with a vertical stage drawn on a landscape output', () => {
    const calls = stubApp();
    const view = mount(page(), { active: false });
    view.stage.setAttribute('data-rotated', 'true');
    view.update({ active: true });
    expect(calls[0]!.slice(7)).toEqual([90, 150]);
  });

  it('shows the pt-BR notice when the app cannot load the page, or not in 15 s', () => {
    const calls = stubApp();
    const failed = mount(page(), { active: true, painting: true });
    appSays(failed.key(), 'failed');
    expect(failed.container.textContent).toContain('Não foi possível exibir a página example.com');
    act(() => void vi.advanceTimersByTime(100));
    expect(failed.reports.painted).toBe(1);
    failed.unmount();

    const slow = mount(page(), { active: true });
    const key = slow.key();
    // Past the engine's paint wait: a word in the zone rather than a blank.
    expect(slow.container.textContent).toContain('Carregando a página example.com');
    act(() => void vi.advanceTimersByTime(WEBPAGE_LOAD_TIMEOUT_MS));
    expect(slow.container.textContent).toContain('Não foi possível exibir a página example.com');
    expect(calls.at(-1)).toEqual(['hide', key]);
    // A late answer changes nothing.
    appSays(key, 'loaded');
    expect(slow.container.textContent).toContain('Não foi possível exibir a página');
  });

  it('reloads on its interval only while on screen', () => {
    const calls = stubApp();
    const view = mount(page({ refreshMinutes: 5 }), { active: true });
    const key = view.key();
    act(() => void vi.advanceTimersByTime(10 * 60_000));
    // Never loaded (its notice after 15 s): nothing to reload.
    expect(calls.filter(([c]) => c === 'reload')).toEqual([]);
    view.unmount();

    const shown = mount(page({ refreshMinutes: 5 }), { active: true });
    const shownKey = shown.key();
    appSays(shownKey, 'loaded');
    act(() => void vi.advanceTimersByTime(10 * 60_000));
    expect(calls.filter(([c, k]) => c === 'reload' && k === shownKey)).toHaveLength(2);
    shown.update({ active: false });
    act(() => void vi.advanceTimersByTime(10 * 60_000));
    expect(calls.filter(([c, k]) => c === 'reload' && k === shownKey)).toHaveLength(2);
    expect(key).not.toBe(shownKey);
  });

  it('keeps the frame in a browser and in an app without the web-page calls', () => {
    (window as unknown as { SinalizeApp?: object }).SinalizeApp = {
      syncMedia: () => undefined,
      cacheStatus: () => '{}',
    };
    const view = mount(page(), { active: true });
    expect(view.container.querySelector('iframe')).not.toBeNull();
  });
});
