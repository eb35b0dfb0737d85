import { describe, expect, it } from 'vitest';
import type { FeedItem } from '@contract/content';
import {
  clockTexts,
  feedSlides,
  feedTickerLines,
  hostOf,
  msToNextSecond,
  slideAt,
  tickerLoop,
  tickerText,
  usableTimeZone,
} from './content-plan';

const feedItem = (title: string, summary = '', imageUrl: string | null = null): FeedItem => ({
  title,
  summary,
  publishedAt: null,
  imageUrl,
});

describe('ticker', () => {
  it('joins the lines by the separator and closes the loop with one more', () => {
    expect(tickerText(['Promoção de verão', ' Café grátis '], '•')).toBe('Promoção de verão  •  Café grátis  •  ');
    expect(tickerText(['Só uma'], '')).toBe('Só uma   ');
    expect(tickerText(['', '  '], '•')).toBe('');
  });

  it('moves one copy of the text at the speed given for 1080p, scaled to the screen', () => {
    // 1200 px at 120 px/s on a 1080p screen: 10 s a loop.
    expect(tickerLoop(1200, 1920, 120, 1080)).toEqual({ durationMs: 10_000, copies: 3 });
    // A 2160p screen: the same speed covers twice the pixels, the same loop time per screen width.
    expect(tickerLoop(2400, 3840, 120, 2160).durationMs).toBe(10_000);
    // A text wider than the zone: two copies keep the zone full while the first one leaves.
    expect(tickerLoop(5000, 1920, 100, 1080)).toEqual({ durationMs: 50_000, copies: 2 });
    // A short text in a wide zone: enough copies to fill it and one more to come in.
    expect(tickerLoop(100, 1920, 120, 1080).copies).toBe(21);
    // Nothing measured yet (a hidden layer): still a valid animation.
    expect(tickerLoop(0, 0, 120, 0).durationMs).toBeGreaterThan(0);
  });
});

describe('clock', () => {
  const at = new Date('2026-11-26T15:04:05.000Z'); // a Thursday

  it('reads the time and the pt-BR date in the workspace zone, not the device one', () => {
    expect(clockTexts(at, 'America/Sao_Paulo', false)).toMatchObject({
      time: '12:04',
      date: 'quinta-feira, 26 de novembro',
    });
    expect(clockTexts(at, 'America/Manaus', true)).toMatchObject({ time: '11:04:05' });
    // Past midnight in Tokyo: the next day.
    expect(clockTexts(at, 'Asia/Tokyo', true)).toMatchObject({ time: '00:04:05', date: 'sexta-feira, 27 de novembro' });
    // Intl agrees (what the e2e test compares the screen with).
    expect(clockTexts(at, 'Europe/Lisbon', false).date).toBe(
      new Intl.DateTimeFormat('pt-BR', {
        timeZone: 'Europe/Lisbon',
        weekday: 'long',
        day: 'numeric',
        month: 'long',
      }).format(at),
    );
  });

  it('turns the analog hands clockwise from 12', () => {
    const texts = clockTexts(new Date('2026-11-26T18:30:15.000Z'), 'UTC', true);
    expect(texts.hourAngle).toBe(6.5 * 30);
    expect(texts.minuteAngle).toBe(30.25 * 6);
    expect(texts.secondAngle).toBe(90);
  });

  it('ticks on the whole second and refuses a zone the runtime does not know', () => {
    expect(msToNextSecond(1_000_250)).toBe(750);
    expect(msToNextSecond(1_000_000)).toBe(1000);
    expect(usableTimeZone('America/Sao_Paulo')).toBe('America/Sao_Paulo');
    expect(usableTimeZone('Mars/Olympus')).toBeUndefined();
    expect(usableTimeZone(undefined)).toBeUndefined();
  });
});

describe('slides (feed items, PDF pages)', () => {
  it('shows each for its seconds, in order, looping', () => {
    expect([0, 9_999, 10_000, 25_000, 30_000, 41_000].map((ms) => slideAt(3, 10, ms))).toEqual([0, 0, 1, 2, 0, 1]);
    expect(slideAt(0, 10, 50_000)).toBe(0);
    expect(slideAt(1, 10, 50_000)).toBe(0);
  });

  it('keeps the feed order, drops empty items, and a ticker takes the titles', () => {
    const items = [feedItem('Primeira', 'a'), feedItem('', ''), feedItem('', 'Só resumo\n  aqui'), feedItem('Última')];
    expect(feedSlides(items).map((i) => i.title || i.summary)).toEqual(['Primeira', 'Só resumo\n  aqui', 'Última']);
    expect(feedTickerLines(items)).toEqual(['Primeira', 'Só resumo aqui', 'Última']);
  });
});

describe('web page', () => {
  it('names the host for the notice and the screenshot', () => {
    expect(hostOf('https://example.com:8443/a?b=1')).toBe('example.com:8443');
    expect(hostOf('not a url')).toBe('not a url');
  });
});
