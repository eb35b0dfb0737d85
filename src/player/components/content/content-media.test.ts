// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import jsQR from 'jsqr';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManifestContent } from '@contract/content';
import { saveClockOffset } from '../../lib/storage';
import { ContentMedia, TimeZoneContext } from './content-media';
import { qrPathOf } from './qrcode-content';

/** The components as a layer mounts them, with the engine's reports counted. */
function mount(content: ManifestContent, timeZone?: string) {
  const reports = { ready: 0, failed: [] as string[] };
  const props = {
    content,
    active: true,
    shownCount: 1,
    painting: false,
    onReady: () => void reports.ready++,
    onFailed: (message: string) => void reports.failed.push(message),
    onPainted: () => undefined,
  };
  const view = render(createElement(TimeZoneContext.Provider, { value: timeZone }, createElement(ContentMedia, props)));
  return { ...view, reports };
}

const style = { speed: 120, textColor: '#ffffff', backgroundColor: '#000000', size: 'medium' as const, separator: '•' };

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom decodes no image: a picture that loads counts as decoded, as in a browser.
  HTMLImageElement.prototype.decode = () => Promise.resolve();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('content items on a layer', () => {
  it('shows a feed as slides in its order, the empty items left out, each for its seconds', () => {
    const item = (title: string) => ({ title, summary: `Resumo de ${title}`, publishedAt: null, imageUrl: null });
    const { container, reports } = mount({
      kind: 'feed',
      options: {
        ...style,
        url: 'https://example.com/rss',
        refreshMinutes: 15,
        maxItems: 10,
        display: 'slides',
        secondsPerItem: 5,
      },
      items: [item('Primeira'), { ...item(''), summary: '' }, item('Segunda')],
    });
    const title = () => container.querySelector('.content-title')?.textContent;
    expect(reports.ready).toBe(1);
    expect(title()).toBe('Primeira');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(title()).toBe('Segunda');
    act(() => void vi.advanceTimersByTime(5_000));
    expect(title()).toBe('Primeira');
  });

  it("turns a PDF's pages in order, the next one loading beneath, and fails one without pages", async () => {
    const page = (n: number) => ({ url: `/api/tv/media/9/pages/${n}`, size: 10, sha256: String(n).repeat(64) });
    const { container, reports } = mount({
      kind: 'pdf',
      options: { secondsPerPage: 4 },
      pages: [page(1), page(2), page(3)],
    });
    await act(async () => undefined);
    expect(reports.ready).toBe(1);
    const shown = () => container.querySelector('img.media:not(.media-preload)')?.getAttribute('src');
    const beneath = () => container.querySelector('img.media-preload')?.getAttribute('src');
    expect(shown()).toBe(`/api/tv/media/9/pages/1?sha256=${'1'.repeat(64)}`);
    expect(beneath()).toContain('/pages/2');
    act(() => void vi.advanceTimersByTime(4_000));
    expect(shown()).toContain('/pages/2');
    act(() => void vi.advanceTimersByTime(8_000));
    expect(shown()).toContain('/pages/1');
    cleanup();
    const empty = mount({ kind: 'pdf', options: { secondsPerPage: 4 }, pages: [] });
    expect(empty.reports.failed).toHaveLength(1);
  });

  it("reads the clock on the server's time, in the workspace zone, every second", () => {
    vi.setSystemTime(new Date('2026-11-26T14:59:58.500Z'));
    saveClockOffset(60_000); // the server is a minute ahead of the device
    const { container } = mount(
      {
        kind: 'clock',
        options: {
          style: 'digital',
          showDate: true,
          showSeconds: true,
          textColor: '#ffffff',
          backgroundColor: '#000000',
        },
      },
      'America/Sao_Paulo',
    );
    const time = () => container.querySelector('.content-clock-time')?.textContent;
    expect(time()).toBe('12:00:58');
    expect(container.querySelector('.content-clock-date')?.textContent).toBe('quinta-feira, 26 de novembro');
    act(() => void vi.advanceTimersByTime(1_000));
    expect(time()).toBe('12:00:59');
  });
});

describe('web page', () => {
  const options = { url: 'https://painel.example/vendas', refreshMinutes: 0, zoom: 100 };
  afterEach(() => vi.restoreAllMocks());

  it('shows the notice at once, fetching nothing, for a page the server saw refuse frames', () => {
    const fetched = vi.spyOn(globalThis, 'fetch');
    const { container, reports } = mount({ kind: 'webpage', options, framingRefused: true });
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.textContent).toContain('Não foi possível exibir a página painel.example');
    expect(reports.ready).toBe(1);
    expect(fetched).not.toHaveBeenCalled();
  });

  it('frames any other page, sandboxed', () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('cors'));
    const { container } = mount({ kind: 'webpage', options });
    expect(container.querySelector('iframe')?.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms',
    );
    expect(container.querySelector('.content-webpage')?.getAttribute('data-state')).toBe('loading');
  });

  it('keeps the page on screen while a reload is slower than the interval', () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('cors'));
    const { container } = mount({ kind: 'webpage', options: { ...options, refreshMinutes: 1 } });
    const frames = () => [...container.querySelectorAll('iframe')];
    act(() => void frames()[0]!.dispatchEvent(new Event('load')));
    const shown = frames()[0];
    act(() => void vi.advanceTimersByTime(60_000)); // a reload starts beneath…
    act(() => void vi.advanceTimersByTime(60_000)); // …and another before it loaded
    expect(frames()).toContain(shown);
    expect(shown!.style.visibility).toBe('visible');
  });
});

describe('QR code', () => {
  it('draws a code that reads back to its value, with a quiet zone of four modules', () => {
    const value = 'https://sinalize.example/cardápio?mesa=7';
    const { path, size } = qrPathOf(value);
    const scale = 4;
    const pixels = new Uint8ClampedArray(size * scale * size * scale * 4).fill(255);
    let darkInQuietZone = false;
    for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
      const [col, row] = [Number(x), Number(y)];
      if (col < 4 || row < 4 || col >= size - 4 || row >= size - 4) darkInQuietZone = true;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = ((row * scale + dy) * size * scale + col * scale + dx) * 4;
          pixels.fill(0, at, at + 3);
        }
    }
    expect(darkInQuietZone).toBe(false);
    expect(jsQR(pixels, size * scale, size * scale)?.data).toBe(value);
  });
});
