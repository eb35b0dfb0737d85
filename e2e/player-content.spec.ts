import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { LayoutInput } from '../src/contract/layouts';
import type { Media } from '../src/contract/media';
import { atomFeed, latin1Rss, startFeedServer, type FeedServer } from '../src/server/test/feed-server';
import { makePdf } from '../src/server/test/pdfs';
import { createDevice, createPlaylist, newApiUser, uploadMedia } from './api';
import { ownServerForSpec } from './own-server';
import { createLayout, decodeQr, giveLayout, pairedPlayer, screenshotOf } from './player-screen';
import { unique } from './support';

/**
 * Issue 25 with the real player (docs/content.md#the-player), its "done when": a loopback site
 * serves a web page, an RSS feed in ISO-8859-1 with accented words, an Atom feed (a post with a
 * picture) and a two-page PDF. Content items made of them (and a text, a clock, a QR code) fill the
 * zones of a layout, and a paired player draws them: the feed ticker's accents, the Atom slides with
 * the picture our server stored, the clock in the workspace's time zone (Asia/Tokyo, far from the
 * machine's own), the page in its zone, a QR code decoded back to its URL (from the page and from
 * Capturar tela), the PDF's pages in order. A page sent with
 * `X-Frame-Options: DENY` gets the pt-BR notice: the server read its headers when it was saved and
 * the manifest says so (the site allows no CORS read, so the player could not tell by itself).
 *
 * The RSS feed's newest item then arrives (a refresh on demand) and joins the ticker on screen
 * without restarting it. Then the site stops: a refresh fails, the admin sees why, and the TV keeps the last items. Then our
 * server stops, and the TV, reloaded, still scrolls them and shows the picture and the PDF. Our server is the spec's own (it stops),
 * with `FEEDS_ALLOW_PRIVATE` so that it may read feeds on loopback (docs/content.md#feeds).
 */

let baseURL = '';
/** Ports 4900–4949 (other specs' own servers use 4350, 4700, 4750 and 4800). */
const own = ownServerForSpec({
  name: 'content',
  portBase: 4900,
  env: () => ({ FEEDS_ALLOW_PRIVATE: 'true' }),
  onStarted: (url) => (baseURL = url),
});

const TIME_ZONE = 'Asia/Tokyo';
const QR_VALUE = 'https://sinalize.example/cardapio?mesa=7&lingua=pt-BR';
/** The RSS items, newest first (the order a feed is shown in). */
const NEWS = [
  {
    title: 'Ação solidária: doação de livros',
    description: 'Traga o seu até sábado',
    date: 'Thu, 26 Nov 2026 10:00:00 GMT',
  },
  { title: 'Pão de queijo à vontade', description: 'Só às sextas', date: 'Wed, 25 Nov 2026 10:00:00 GMT' },
  { title: 'Inauguração da filial em São José', description: 'Venha conhecer', date: 'Tue, 24 Nov 2026 10:00:00 GMT' },
];
const POSTS = ['Horário de Natal', 'Novidades do cardápio'];

/** The loopback site of the test: the page, the refusing page, the two feeds and the PDF. */
async function startSite(): Promise<FeedServer> {
  const site = await startFeedServer();
  site.serve(
    '/pagina',
    'text/html; charset=utf-8',
    '<!doctype html><body style="background:#fef3c7"><h1>Página de teste da loja</h1></body>',
  );
  site.serve('/negada', 'text/html; charset=utf-8', '<!doctype html><h1>Proibido em moldura</h1>', {
    'x-frame-options': 'DENY',
  });
  // The newest item comes later (newsArrives), while the TV shows the feed.
  site.serve('/noticias.rss', 'application/rss+xml; charset=ISO-8859-1', latin1Rss(NEWS.slice(1)));
  // The newest post has a picture (a relative address, on the site).
  site.serve('/blog.atom', 'application/atom+xml', atomFeed(POSTS, [undefined, '/foto.png']));
  site.serve(
    '/foto.png',
    'image/png',
    await sharp({ create: { width: 640, height: 360, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer(),
  );
  site.serve('/precos.pdf', 'application/pdf', makePdf(2));
  return site;
}

async function createContent(api: APIRequestContext, kind: string, name: string, options: object): Promise<Media> {
  const res = await api.post('/api/media/content', { data: { kind, name, options } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Media;
}

const mediaOf = async (api: APIRequestContext, id: number) =>
  ((await (await api.get('/api/media')).json()) as Media[]).find((m) => m.id === id);

/** What a zone's visible layer shows. */
const onScreen = (zone: Locator) => zone.locator('.layer[data-active="true"]');

/** A ticker's track moves (a compositor animation of `transform` only): its animations, seen 0.4 s apart. */
const tickerMotion = (ticker: Locator) =>
  ticker.locator('.content-ticker-track').evaluate(async (track) => {
    const animations = track.getAnimations();
    const keyframes = (animations[0]?.effect as KeyframeEffect | undefined)?.getKeyframes() ?? [];
    const x = () => new DOMMatrix(getComputedStyle(track).transform).m41;
    const before = x();
    await new Promise((resolve) => setTimeout(resolve, 400));
    return {
      count: animations.length,
      properties: [
        ...new Set(
          keyframes.flatMap((k) =>
            Object.keys(k).filter((p) => !['offset', 'easing', 'composite', 'computedOffset'].includes(p)),
          ),
        ),
      ],
      moved: x() < before || x() > before + 100, // left, or looped back to the start
    };
  });

/** The workspace's time and pt-BR date now, as Intl gives them, `offsetMinutes` from now. */
function clockText(offsetMinutes: number) {
  const at = new Date(Date.now() + offsetMinutes * 60_000);
  const time = new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone: TIME_ZONE,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  return `${time}|${date.format(at)}`;
}

/** The PDF pages the zone showed, in order, repeats merged (logged from the page by an init script). */
const PAGE_LOG_SCRIPT = () => {
  const log: string[] = [];
  (window as unknown as { __pages: string[] }).__pages = log;
  new MutationObserver(() => {
    const img = document.querySelector<HTMLImageElement>(
      'section.window[data-zone="pdf"] .layer[data-active="true"] img[data-page]',
    );
    const shown = img?.complete && img.naturalWidth > 0 ? img.dataset.page! : '';
    if (shown && log.at(-1) !== shown) log.push(shown);
  }).observe(document, { subtree: true, childList: true, attributes: true });
};
/** The slide's picture (a feed item's, stored and signed by our server) is drawn. */
const pictureShown = (slide: Locator) =>
  slide
    .locator('img.content-feed-image')
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 640 && img.src.includes('/api/tv/media/'))
    .catch(() => false);
const pagesShown = (page: Page) => page.evaluate(() => (window as unknown as { __pages: string[] }).__pages);

test('a paired player draws web pages, feeds, a clock, a QR code, a text and a PDF, and keeps the feeds offline', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const site = await startSite();
  let siteUp = true;
  const { api } = await newApiUser(baseURL, 'admin');
  try {
    const tz = await api.patch('/api/workspace', { data: { timeZone: TIME_ZONE } });
    expect(tz.status(), await tz.text()).toBe(200);
    const tag = unique('ct');

    const pdfBytes = Buffer.from(await (await fetch(site.url('/precos.pdf'))).arrayBuffer());
    const pdf = await uploadMedia(api, `Preços ${tag}.pdf`, 'application/pdf', pdfBytes);
    const items = {
      text: await createContent(api, 'text', `Boas-vindas ${tag}`, {
        title: 'Bem-vindos à Loja',
        body: 'Promoções de verão até domingo',
        size: 'large',
        align: 'center',
      }),
      qr: await createContent(api, 'qrcode', `Cardápio ${tag}`, { value: QR_VALUE, caption: 'Aponte a câmera' }),
      clock: await createContent(api, 'clock', `Relógio ${tag}`, { style: 'digital', showDate: true }),
      pdf: await (async () => {
        const options = await api.put(`/api/media/${pdf.id}`, { data: { options: { secondsPerPage: 3 } } });
        expect(options.status(), await options.text()).toBe(200);
        await expect.poll(async () => (await mediaOf(api, pdf.id))?.pageCount, { timeout: 60_000 }).toBe(2);
        return pdf;
      })(),
      page: await createContent(api, 'webpage', `Página ${tag}`, { url: site.url('/pagina') }),
      denied: await createContent(api, 'webpage', `Negada ${tag}`, { url: site.url('/negada') }),
      atom: await createContent(api, 'feed', `Blog ${tag}`, {
        url: site.url('/blog.atom'),
        display: 'slides',
        secondsPerItem: 3,
      }),
      rss: await createContent(api, 'feed', `Notícias ${tag}`, { url: site.url('/noticias.rss'), speed: 200 }),
    };
    const keys = Object.keys(items) as Array<keyof typeof items>;
    const playlists = await Promise.all(
      keys.map((key) => createPlaylist(api, `${key} ${tag}`, [{ mediaId: items[key].id, duration: 30 }])),
    );
    // Three rows: text, QR, clock, PDF; the two pages and the Atom slides; the RSS ticker.
    const zones: LayoutInput['zones'] = [
      { key: 'texto', name: 'Texto', x: 0, y: 0, width: 25, height: 45, fit: 'contain' },
      { key: 'qr', name: 'QR', x: 25, y: 0, width: 25, height: 45, fit: 'contain' },
      { key: 'relogio', name: 'Relógio', x: 50, y: 0, width: 25, height: 45, fit: 'contain' },
      { key: 'pdf', name: 'PDF', x: 75, y: 0, width: 25, height: 45, fit: 'contain' },
      { key: 'pagina', name: 'Página', x: 0, y: 45, width: 33, height: 35, fit: 'contain' },
      { key: 'negada', name: 'Negada', x: 33, y: 45, width: 33, height: 35, fit: 'contain' },
      { key: 'blog', name: 'Blog', x: 66, y: 45, width: 34, height: 35, fit: 'contain' },
      { key: 'noticias', name: 'Notícias', x: 0, y: 80, width: 100, height: 20, fit: 'contain' },
    ];
    const layout = await createLayout(api, { name: `Conteúdos ${tag}`, orientation: 'horizontal', zones });
    const device = await createDevice(api, { name: `TV Conteúdos ${tag}`, location: 'Loja' });
    await giveLayout(
      api,
      device,
      layout.id,
      playlists.map((p) => p.id),
    );

    const { page, context } = await pairedPlayer(browser, device.authCode, { width: 1280, height: 720 }, { baseURL });
    await page.addInitScript(PAGE_LOG_SCRIPT);
    await page.evaluate(PAGE_LOG_SCRIPT);
    const zone = (key: string) => page.locator(`section.window[data-zone="${key}"]`);
    for (const [key, kind] of <Array<[string, string]>>[
      ['texto', 'text'],
      ['qr', 'qrcode'],
      ['relogio', 'clock'],
      ['pdf', 'pdf'],
      ['pagina', 'webpage'],
      ['negada', 'webpage'],
      ['blog', 'feed'],
      ['noticias', 'feed'],
    ])
      await expect(zone(key)).toHaveAttribute('data-media-type', kind, { timeout: 20_000 });

    // Text: title and body, in the zone.
    await expect(onScreen(zone('texto')).getByText('Bem-vindos à Loja')).toBeVisible();
    await expect(onScreen(zone('texto')).getByText('Promoções de verão até domingo')).toBeVisible();

    // The RSS ticker: the titles with their accents (read from ISO-8859-1), newest first, moved by a
    // compositor animation of transform only.
    const news = onScreen(zone('noticias')).locator('.content-ticker');
    const tickerText = (list: typeof NEWS) => `${list.map((n) => n.title).join('  •  ')}  •  `;
    await expect(news).toHaveAttribute('data-text', tickerText(NEWS.slice(1)));
    await expect(news.locator('.content-ticker-copy').first()).toBeVisible();
    const moving = { count: 1, properties: ['transform'], moved: true };
    expect(await tickerMotion(news)).toEqual(moving);

    // The Atom feed as slides: its entries' titles, and their summaries reduced to text.
    const blog = onScreen(zone('blog'));
    const slide = blog.locator('.content-feed-text');
    await expect(slide).toHaveText(new RegExp(`^${POSTS[1]}\\s*Resumo 2 & mais$`), { timeout: 10_000 });
    await expect.poll(() => pictureShown(blog)).toBe(true);
    await expect(slide).toHaveText(new RegExp(`^${POSTS[0]}\\s*Resumo 1 & mais$`), { timeout: 10_000 });

    // Clock: the workspace's zone, the time and the pt-BR date Intl gives for it now.
    const clock = onScreen(zone('relogio')).locator('.content-clock');
    await expect(clock).toHaveAttribute('data-time-zone', TIME_ZONE);
    const shown = async () =>
      `${await clock.locator('.content-clock-time').textContent()}|${await clock.locator('.content-clock-date').textContent()}`;
    await expect.poll(async () => [clockText(0), clockText(-1)].includes(await shown())).toBe(true);
    expect(await clock.locator('.content-clock-date').textContent()).toMatch(
      /^[a-zç-]+-feira, \d+ de [a-zç]+$|^(sábado|domingo), \d+ de [a-zç]+$/,
    );

    // QR code: the element's pixels decode back to the URL.
    const qr = onScreen(zone('qr')).locator('.content-qr-code');
    expect(await decodeQr(await qr.screenshot())).toBe(QR_VALUE);
    await expect(onScreen(zone('qr')).getByText('Aponte a câmera')).toBeVisible();

    // The PDF: page 1, then 2, then 1 again, each a picture that loaded.
    await expect.poll(async () => (await pagesShown(page)).slice(0, 3), { timeout: 20_000 }).toEqual(['1', '2', '1']);

    // Web pages: the framable one shows in a sandbox without top navigation or pop-ups; the
    // refused one gets the notice, not a blank zone.
    const frame = onScreen(zone('pagina')).locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
    await expect(
      page
        .frameLocator(`section.window[data-zone="pagina"] .layer[data-active="true"] iframe`)
        .getByText('Página de teste da loja'),
    ).toBeVisible({ timeout: 15_000 });
    const host = new URL(site.url('/')).host;
    await expect(onScreen(zone('negada')).getByText(`Não foi possível exibir a página ${host}`)).toBeVisible({
      timeout: 20_000,
    });

    // Capturar tela: the QR code is in the picture (decoded from it), the web page a grey placeholder.
    const shot = await screenshotOf(api, device.id);
    await test.info().attach('capturar-tela', { body: shot, contentType: 'image/jpeg' });
    await test.info().attach('tela', { body: await page.screenshot(), contentType: 'image/png' });
    const meta = await sharp(shot).metadata();
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    // The QR zone: 25–50 % × 0–45 % of the screen.
    expect(await decodeQr(shot, { left: 320, top: 0, width: 320, height: 324 })).toBe(QR_VALUE);
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3),
    ];
    // Near the web page zone's corner (0–33 % × 45–80 %): the placeholder's grey (#4b5563).
    expect(pixel(20, 340).every((v, i) => Math.abs(v - [75, 85, 99][i]!) < 16)).toBe(true);
    // The ticker strip (80–100 %): its background (#0f172a), text drawn on it somewhere.
    const strip = Array.from({ length: 1280 }, (_, x) => pixel(x, 648));
    expect(strip.some((p) => p.every((v) => v > 150))).toBe(true);

    // A new item: refreshed on demand, it joins the ticker on screen at the end of its loop, in the
    // same element (marked here): the scroll goes on, never restarted by a reload of the item.
    await news.evaluate((el) => void (el.dataset.mark = 'antes'));
    site.serve('/noticias.rss', 'application/rss+xml; charset=ISO-8859-1', latin1Rss(NEWS));
    expect((await api.post(`/api/media/${items.rss.id}/refresh`)).status()).toBe(202);
    const newsText = tickerText(NEWS);
    await expect
      .poll(() => news.evaluate((el) => `${el.dataset.mark}|${el.dataset.text}`), { timeout: 60_000 })
      .toBe(`antes|${newsText}`);
    expect(await tickerMotion(news)).toEqual(moving);

    // The site stops: the refresh asked now fails, the admin sees why, the TV keeps the items.
    await site.close();
    siteUp = false;
    const attemptBefore = (await mediaOf(api, items.rss.id))!.feed!.lastAttemptAt;
    expect((await api.post(`/api/media/${items.rss.id}/refresh`)).status()).toBe(202);
    await expect
      .poll(async () => (await mediaOf(api, items.rss.id))!.feed!.lastAttemptAt, { timeout: 30_000 })
      .not.toBe(attemptBefore);
    const status = (await mediaOf(api, items.rss.id))!.feed!;
    expect(status.lastError).toEqual(expect.any(String));
    expect(status.itemCount).toBe(NEWS.length);
    await expect(news).toHaveAttribute('data-text', newsText);
    await expect(page.locator('main.player')).toHaveAttribute('data-sw', 'controlled');
    await expect(page.locator('main.player')).toHaveAttribute('data-cache-missing', '0');

    // Our server stops; the TV, reloaded, draws the last items from what it kept, still scrolling.
    await own.stop();
    await expect(page.locator('main.player')).toHaveAttribute('data-connection', 'offline', { timeout: 10_000 });
    await page.reload();
    await expect(zone('noticias')).toHaveAttribute('data-media-type', 'feed', { timeout: 15_000 });
    const offlineNews = onScreen(zone('noticias')).locator('.content-ticker');
    await expect(offlineNews).toHaveAttribute('data-text', newsText);
    expect(await tickerMotion(offlineNews)).toEqual(moving);
    await expect(onScreen(zone('blog')).locator('.content-title')).toHaveText(POSTS[1]!, { timeout: 10_000 });
    await expect.poll(() => pictureShown(onScreen(zone('blog')))).toBe(true);
    // The PDF's pages come from the cache.
    await expect.poll(async () => (await pagesShown(page)).slice(0, 2), { timeout: 20_000 }).toEqual(['1', '2']);
    await context.close();
  } finally {
    if (siteUp) await site.close();
    await api.dispose();
  }
});
