/**
 * No gap between items (docs/layouts.md#the-player): a paired player in Chromium alternates an
 * image and a video (1 s each) in every zone, on Tela Única (1 zone, the single path without zones
 * in the manifest) and on Quatro quadrantes (4 zones), until TRANSITIONS items have come on screen
 * across the zones. Every frame Chromium composites is taken (CDP `Page.startScreencast`, each
 * frame acknowledged at once) and each zone's centre read: a frame where a zone shows neither the
 * image's red nor the video's green (the navy background, a loading panel) is a gap frame.
 * Target: 0 gap frames. Prints, per screen, the frames seen, the transitions, the gap frames; the
 * total of gap frames last.
 *
 *   npm run build
 *   npm run bench:transitions                     # TRANSITIONS=200 ZONES=1,4
 */
import type { CDPSession } from 'playwright-core';
import sharp from 'sharp';
import { launch, load, pairedPlayer, playlist, png, screenDevice, startServer, webm } from './player-lib';

const TRANSITIONS = Math.max(10, Number(process.env.TRANSITIONS ?? 200));
/** Which screens: 1 (Tela Única), 4 (Quatro quadrantes) or both. */
const ZONES = (process.env.ZONES ?? '1,4').split(',').map(Number);
const RED = [220, 38, 38];
const GREEN = [22, 163, 74];
const FRAME = { width: 320, height: 180 };
const SCREENS = [
  { name: '1 zona (Tela Única)', layoutId: -1, points: [[160, 90]] },
  {
    name: '4 zonas (Quatro quadrantes)',
    layoutId: -7,
    points: [
      [80, 45],
      [240, 45],
      [80, 135],
      [240, 135],
    ],
  },
] as const;

const distance = (a: number[], b: number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
const shownCount = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-window]')].reduce((n, w) => n + Number(w.dataset.shownCount), 0),
  );

/** Reads every composited frame until stopped: frames seen, gap frames per zone, colour changes. */
async function watchFrames(cdp: CDPSession, points: ReadonlyArray<readonly [number, number]>) {
  const result = { frames: 0, gaps: points.map(() => 0), changes: 0, samples: [] as string[] };
  const last: Array<'image' | 'video' | null> = points.map(() => null);
  let work = Promise.resolve();
  cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
    work = work.then(async () => {
      const { data, info } = await sharp(Buffer.from(frame.data, 'base64'))
        .resize(FRAME.width, FRAME.height, { fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      result.frames++;
      points.forEach(([x, y], zone) => {
        const at = (y * info.width + x) * info.channels;
        const rgb = [data[at]!, data[at + 1]!, data[at + 2]!];
        const kind = distance(rgb, RED) < 70 ? 'image' : distance(rgb, GREEN) < 70 ? 'video' : null;
        if (kind === null) {
          result.gaps[zone]!++;
          if (result.samples.length < 5) result.samples.push(`zone ${zone + 1}: ${rgb.join(',')}`);
        } else if (last[zone] !== kind) {
          if (last[zone] !== null) result.changes++;
          last[zone] = kind;
        }
      });
    });
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, ...{ maxWidth: 320, maxHeight: 180 } });
  return {
    result,
    stop: async () => {
      await cdp.send('Page.stopScreencast');
      await work;
      return result;
    },
  };
}

const server = await startServer();
const browser = await launch();
let totalGaps = 0;
try {
  const image = await server.upload('vermelho.png', 'image/png', await png('#dc2626'));
  const video = await server.upload('verde.webm', 'video/webm', webm('#16a34a', 3));
  const list = await playlist(server, 'Imagem e vídeo', [
    { mediaId: image, duration: 1 },
    { mediaId: video, duration: 1 },
  ]);
  console.log(`player transitions: ${TRANSITIONS} per screen, load average ${load()} (before)`);
  for (const screen of SCREENS.filter((s) => ZONES.includes(s.points.length))) {
    const zones = screen.points.length;
    const code = await screenDevice(server, `TV ${screen.name}`, screen.layoutId, Array(zones).fill(list.id));
    const page = await pairedPlayer(browser, server.origin, code, zones);
    const cdp = await page.context().newCDPSession(page);
    const start = await shownCount(page);
    const watch = await watchFrames(cdp, screen.points);
    const began = Date.now();
    while ((await shownCount(page)) - start < TRANSITIONS) await page.waitForTimeout(250);
    const result = await watch.stop();
    const seconds = (Date.now() - began) / 1000;
    const gaps = result.gaps.reduce((a, b) => a + b, 0);
    totalGaps += gaps;
    console.log(
      `${screen.name}: ${(await shownCount(page)) - start} items shown in ${seconds.toFixed(1)} s, ` +
        `${result.frames} frames (${(result.frames / seconds).toFixed(1)}/s), ${result.changes} image↔video changes seen, ` +
        `gap frames ${gaps} (per zone ${result.gaps.join(', ')})${result.samples.length ? `; e.g. ${result.samples.join('; ')}` : ''}`,
    );
    await page.close();
  }
  console.log(`load average ${load()} (after)`);
  console.log(`gap frames (target 0): ${totalGaps}`);
} finally {
  await browser.close();
  await server.stop();
}
