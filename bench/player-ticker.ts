/**
 * A ticker on a four-zone screen (issue 25, docs/benchmarks.md): a paired player in Chromium at
 * 1920×1080 on a layout of its own — a main zone playing a 720p video, a side zone of images
 * changing every 5 s, a clock, and a ticker strip along the bottom with accented lines. Over
 * BENCH_SECONDS (60) it counts the page's requestAnimationFrame callbacks in each whole second
 * (median and lowest fps) and the main thread's long tasks (PerformanceObserver `longtask`), and
 * checks that the ticker's track really moves (its computed transform changes). Target: median
 * fps ≥ 55, no task over 50 ms. Prints `median fps` last.
 *
 *   npm run build
 *   npm run bench:ticker                          # BENCH_SECONDS=60 (not SECONDS: a shell variable)
 */
import { launch, load, pairedPlayer, playlist, png, screenDevice, startServer, webm } from './player-lib';

const SECONDS = Math.max(5, Number(process.env.BENCH_SECONDS ?? 60));
/** How often the ticker's transform is read from here (it must differ between reads). */
const SAMPLE_MS = 2_000;

const LINES = [
  'Promoção de verão: açaí, pão de queijo e café coado a partir de R$ 4,90',
  'Atenção: o estacionamento do bloco B fecha às 22h nesta sexta-feira',
  'Previsão do tempo: céu parcialmente nublado, mínima de 18 °C e máxima de 29 °C',
  'Reunião geral na sala de conferências às 15h — não esqueçam o crachá',
  'Parabéns à equipe de logística pela meta do trimestre atingida!',
];

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const server = await startServer();
const browser = await launch();
try {
  const clip = await server.upload('main.webm', 'video/webm', webm('#16a34a', 10, '1280x720', 30));
  const images = await Promise.all(
    ['#dc2626', '#facc15', '#9333ea'].map((hex, i) => png(hex).then((b) => server.upload(`${i}.png`, 'image/png', b))),
  );
  const clock = await server.api<{ id: number }>('POST', '/api/media/content', {
    kind: 'clock',
    name: 'Relógio',
    options: { style: 'digital', showDate: true, showSeconds: true },
  });
  const ticker = await server.api<{ id: number }>('POST', '/api/media/content', {
    kind: 'ticker',
    name: 'Avisos',
    options: { lines: LINES, speed: 120, size: 'medium' },
  });
  // A layout of our own: a strip along the bottom is how a ticker is shown (the templates have none).
  const layout = await server.api<{ id: number }>('POST', '/api/layouts', {
    name: 'Vídeo, imagens, relógio e letreiro',
    orientation: 'horizontal',
    zones: [
      { name: 'Principal', x: 0, y: 0, width: 75, height: 85 },
      { name: 'Lateral', x: 75, y: 0, width: 25, height: 42.5 },
      { name: 'Relógio', x: 75, y: 42.5, width: 25, height: 42.5 },
      { name: 'Letreiro', x: 0, y: 85, width: 100, height: 15 },
    ],
  });
  const main = await playlist(server, 'Vídeo', [{ mediaId: clip, duration: SECONDS * 3 }]);
  const side = await playlist(
    server,
    'Imagens',
    images.map((mediaId) => ({ mediaId, duration: 5 })),
  );
  const clockList = await playlist(server, 'Relógio', [{ mediaId: clock.id, duration: SECONDS * 3 }]);
  const tickerList = await playlist(server, 'Letreiro', [{ mediaId: ticker.id, duration: SECONDS * 3 }]);
  const code = await screenDevice(server, 'TV com letreiro', layout.id, [
    main.id,
    side.id,
    clockList.id,
    tickerList.id,
  ]);
  const page = await pairedPlayer(browser, server.origin, code, 4, { width: 1920, height: 1080 });
  await page.waitForSelector('.content-ticker-track', { timeout: 30_000 });
  console.log(
    `four zones (720p30 video, images every 5 s, clock, ticker strip 1920×162), ${SECONDS} s at 1920×1080; ` +
      `load average ${load()} (before)`,
  );

  // A string, not a function: tsx names the inner callback with a `__name` helper the page lacks.
  await page.evaluate(`(() => {
    const tasks = [];
    const frames = [];
    Object.assign(window, { __longTasks: tasks, __frames: frames });
    // When in the window (ms from its start) and how long: a long task lined up with an image's
    // change every 5 s, say, points at its decode.
    const t0 = performance.now();
    new PerformanceObserver((list) =>
      list.getEntries().forEach((e) => tasks.push({ at: Math.round(e.startTime - t0), ms: e.duration })),
    ).observe({
      type: 'longtask',
    });
    const tick = (t) => {
      frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const transform = () =>
    page.evaluate(() => getComputedStyle(document.querySelector('.content-ticker-track')!).transform);
  const transforms: string[] = [await transform()];
  const startedAt = Date.now();
  while (Date.now() - startedAt < SECONDS * 1000) {
    await page.waitForTimeout(Math.min(SAMPLE_MS, SECONDS * 1000 - (Date.now() - startedAt)));
    transforms.push(await transform());
  }
  const { frames, tasks, when } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: Array<{ at: number; ms: number }>; __frames: number[] };
    return { frames: w.__frames, tasks: w.__longTasks.map((t) => t.ms), when: w.__longTasks };
  });

  // Frames per whole second from the first callback; the last, partial second is left out.
  const first = frames[0] ?? 0;
  const perSecond = new Array<number>(Math.floor(((frames.at(-1) ?? first) - first) / 1000)).fill(0);
  for (const t of frames) {
    const second = Math.floor((t - first) / 1000);
    if (second < perSecond.length) perSecond[second]!++;
  }
  const moves = transforms.slice(1).filter((t, i) => t !== transforms[i]).length;
  const longest = tasks.length ? Math.round(Math.max(...tasks)) : 0;
  const blocked = Math.round(tasks.reduce((sum, d) => sum + d, 0));
  console.log(
    `ticker transform changed in ${moves} of ${transforms.length - 1} reads ${SAMPLE_MS} ms apart ` +
      `(first ${transforms[0]}, last ${transforms.at(-1)})`,
  );
  console.log(
    `animation frames: ${frames.length} in ${perSecond.length} whole seconds; lowest second ${Math.min(...perSecond)} fps`,
  );
  console.log(
    `long tasks: ${tasks.length} (longest ${longest} ms, ${blocked} ms in all)` +
      (when.length ? `: ${when.map((t) => `${Math.round(t.ms)} ms at ${t.at} ms`).join(', ')}` : ''),
  );
  const fps = median(perSecond);
  console.log(
    `targets: median fps ≥ 55 ${fps >= 55 ? 'met' : 'not met'}; no long task over 50 ms ${tasks.length ? 'not met' : 'met'}`,
  );
  console.log(`load average ${load()} (after)`);
  if (perSecond.length === 0) throw new Error('no animation frame counted');
  if (moves < transforms.length - 1) throw new Error('the ticker did not move between every two reads');
  console.log(`median fps: ${fps}`);
} finally {
  await browser.close();
  await server.stop();
}
