/**
 * A four-zone screen (Quatro quadrantes) on a paired player in Chromium at 1920×1080: two zones
 * play a 720p video each (looping, on screen the whole time), two show images that change every
 * 5 s. Over BENCH_SECONDS (60), reads each video's `getVideoPlaybackQuality()` (frames decoded and
 * dropped) and the main thread's long tasks (PerformanceObserver `longtask`, tasks over 50 ms).
 * Prints the frames, the dropped ones and the long tasks; `dropped video frames` last.
 *
 *   npm run build
 *   npm run bench:zones-4                         # BENCH_SECONDS=60 (not SECONDS: a shell variable)
 */
import { launch, load, pairedPlayer, playlist, png, screenDevice, startServer, webm } from './player-lib';

const SECONDS = Math.max(5, Number(process.env.BENCH_SECONDS ?? 60));

const server = await startServer();
const browser = await launch();
try {
  const clipA = await server.upload('a.webm', 'video/webm', webm('#16a34a', 10, '1280x720', 30));
  const clipB = await server.upload('b.webm', 'video/webm', webm('#1d4ed8', 10, '1280x720', 30));
  const images = await Promise.all(
    ['#dc2626', '#facc15', '#9333ea', '#ea580c'].map((hex, i) =>
      png(hex).then((b) => server.upload(`${i}.png`, 'image/png', b)),
    ),
  );
  const videoA = await playlist(server, 'Vídeo A', [{ mediaId: clipA, duration: SECONDS * 3 }]);
  const videoB = await playlist(server, 'Vídeo B', [{ mediaId: clipB, duration: SECONDS * 3 }]);
  const slidesA = await playlist(server, 'Imagens A', [
    { mediaId: images[0]!, duration: 5 },
    { mediaId: images[1]!, duration: 5 },
  ]);
  const slidesB = await playlist(server, 'Imagens B', [
    { mediaId: images[2]!, duration: 5 },
    { mediaId: images[3]!, duration: 5 },
  ]);
  const code = await screenDevice(server, 'TV quatro zonas', -7, [videoA.id, slidesA.id, slidesB.id, videoB.id]);
  const page = await pairedPlayer(browser, server.origin, code, 4, { width: 1920, height: 1080 });
  console.log(`four zones, two 720p30 videos, ${SECONDS} s at 1920×1080; load average ${load()} (before)`);

  await page.evaluate(() => {
    const tasks: number[] = [];
    Object.assign(window, { __longTasks: tasks });
    new PerformanceObserver((list) => list.getEntries().forEach((e) => tasks.push(e.duration))).observe({
      type: 'longtask',
    });
  });
  const quality = () =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLVideoElement>('.layer[data-active="true"] video')].map((v) => {
        const q = v.getVideoPlaybackQuality();
        return { src: v.currentSrc, total: q.totalVideoFrames, dropped: q.droppedVideoFrames };
      }),
    );
  const before = await quality();
  if (before.length !== 2) throw new Error(`expected two videos on screen, found ${before.length}`);
  await page.waitForTimeout(SECONDS * 1000);
  const after = await quality();
  const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);

  let frames = 0;
  let dropped = 0;
  after.forEach((a, i) => {
    const b = before.find((x) => x.src === a.src) ?? before[i]!;
    frames += a.total - b.total;
    dropped += a.dropped - b.dropped;
  });
  const longest = tasks.length ? Math.round(Math.max(...tasks)) : 0;
  const blocked = Math.round(tasks.reduce((sum, d) => sum + d, 0));
  console.log(`video frames decoded: ${frames} (${(frames / SECONDS / 2).toFixed(1)}/s per video)`);
  console.log(`long tasks: ${tasks.length} (longest ${longest} ms, ${blocked} ms in all)`);
  console.log(`load average ${load()} (after)`);
  console.log(
    `dropped video frames: ${dropped} of ${frames} (${((100 * dropped) / Math.max(1, frames)).toFixed(2)} %)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
