// Generates the landing page's hero loop (public/landing/hero-loop.{webm,mp4}) and its poster
// (public/landing/hero-poster.webp). The files are committed; run this only to change them:
//   node scripts/make-hero-media.mjs
// It draws every frame in plain JavaScript (an abstract "TV showing a signage layout": drifting
// gradient, a slide card cycling three slides, report tiles, a scrolling ticker) and pipes the raw
// frames to the ffmpeg on PATH (`apt-get install -y ffmpeg`). The loop is exactly
// periodic, so it plays seamlessly with `loop`. Nothing here is needed at run time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

const W = 960;
const H = 540;
const FPS = 24;
const SECONDS = 6;
const FRAMES = FPS * SECONDS;
const OUT_DIR = path.resolve('public/landing');

function findFfmpeg() {
  const onPath = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  if (onPath.status === 0) return 'ffmpeg';
  throw new Error('ffmpeg not found: install it (apt-get install -y ffmpeg)');
}

// ---- tiny rasteriser: float RGB buffer, shapes with anti-aliased edges ----------------------------
const clamp01 = (v) => (v < 0 ? 0 : v > 1 ? 1 : v);
const mix = (a, b, s) => a + (b - a) * s;
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16) / 255);
const TAU = Math.PI * 2;

/** Signed distance to a rounded rectangle (negative inside). */
function sdRoundRect(px, py, x, y, w, h, r) {
  const cx = x + w / 2;
  const cy = y + h / 2;
  const qx = Math.abs(px - cx) - (w / 2 - r);
  const qy = Math.abs(py - cy) - (h / 2 - r);
  const ox = Math.max(qx, 0);
  const oy = Math.max(qy, 0);
  return Math.hypot(ox, oy) + Math.min(Math.max(qx, qy), 0) - r;
}
const coverage = (d) => clamp01(0.5 - d);

function blend(buf, i, color, alpha) {
  if (alpha <= 0) return;
  buf[i] = mix(buf[i], color[0], alpha);
  buf[i + 1] = mix(buf[i + 1], color[1], alpha);
  buf[i + 2] = mix(buf[i + 2], color[2], alpha);
}

/** Paints a shape given by its signed-distance function, only over its bounding box. */
function fill(buf, box, sd, color, alpha) {
  const x0 = Math.max(0, Math.floor(box[0]) - 1);
  const y0 = Math.max(0, Math.floor(box[1]) - 1);
  const x1 = Math.min(W, Math.ceil(box[0] + box[2]) + 1);
  const y1 = Math.min(H, Math.ceil(box[1] + box[3]) + 1);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const c = coverage(sd(x + 0.5, y + 0.5));
      if (c > 0) blend(buf, (y * W + x) * 3, color, c * alpha);
    }
  }
}
const roundRect = (buf, x, y, w, h, r, color, alpha) =>
  fill(buf, [x, y, w, h], (px, py) => sdRoundRect(px, py, x, y, w, h, r), color, alpha);
const circle = (buf, cx, cy, r, color, alpha) =>
  fill(buf, [cx - r, cy - r, 2 * r, 2 * r], (px, py) => Math.hypot(px - cx, py - cy) - r, color, alpha);

// ---- the scene ------------------------------------------------------------------------------------
const WHITE = [1, 1, 1];
const INDIGO = hex('#1e1b4b');
const VIOLET = hex('#4c1d95');
const BLUE = hex('#1d4ed8');
const TEAL = hex('#0f766e');
const ACCENTS = [hex('#fbbf24'), hex('#34d399'), hex('#f472b6')];

function drawFrame(frame) {
  const t = frame / FRAMES; // 0..1, periodic
  const buf = new Float32Array(W * H * 3);
  const s = 0.5 + 0.5 * Math.sin(TAU * t);
  const top = INDIGO.map((v, i) => mix(v, VIOLET[i], s));
  const bottom = BLUE.map((v, i) => mix(v, TEAL[i], s));
  // Two soft light blobs circling once per loop.
  const blobs = [
    [W * (0.3 + 0.12 * Math.cos(TAU * t)), H * (0.35 + 0.15 * Math.sin(TAU * t)), 320, hex('#818cf8')],
    [W * (0.72 + 0.1 * Math.cos(TAU * t + 2)), H * (0.7 + 0.12 * Math.sin(TAU * t + 2)), 280, hex('#2dd4bf')],
  ];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 3;
      const g = clamp01((x * 0.35 + y) / (W * 0.35 + H));
      buf[i] = mix(top[0], bottom[0], g);
      buf[i + 1] = mix(top[1], bottom[1], g);
      buf[i + 2] = mix(top[2], bottom[2], g);
      for (const [bx, by, br, bc] of blobs) {
        const d = Math.hypot(x - bx, y - by) / br;
        if (d < 1) blend(buf, i, bc, 0.35 * (1 - d) * (1 - d));
      }
    }
  }

  // Main card: three slides of two seconds each, crossfading; the loop starts mid-slide so that its
  // first frame (the poster) shows a full slide.
  roundRect(buf, 48, 48, 580, 372, 22, WHITE, 0.1);
  const slideFloat = t * 3 + 0.5;
  const slide = Math.floor(slideFloat) % 3;
  const inSlide = slideFloat - Math.floor(slideFloat);
  const fadeIn = clamp01(inSlide / 0.15);
  const fadeOut = clamp01((1 - inSlide) / 0.15);
  const alpha = Math.min(fadeIn, fadeOut);
  const accent = ACCENTS[slide];
  const rise = (1 - fadeIn) * 14;
  if (slide === 0) circle(buf, 180, 200 + rise, 84, accent, 0.9 * alpha);
  if (slide === 1) roundRect(buf, 100, 120 + rise, 160, 160, 28, accent, 0.9 * alpha);
  if (slide === 2) {
    circle(buf, 150, 200 + rise, 58, accent, 0.9 * alpha);
    circle(buf, 225, 200 + rise, 58, accent, 0.6 * alpha);
  }
  const lineWidths = [
    [260, 200, 230],
    [240, 260, 170],
    [220, 180, 250],
  ][slide];
  roundRect(buf, 300, 128 + rise, lineWidths[0], 26, 13, WHITE, 0.85 * alpha);
  roundRect(buf, 300, 176 + rise, lineWidths[1], 14, 7, WHITE, 0.55 * alpha);
  roundRect(buf, 300, 202 + rise, lineWidths[2], 14, 7, WHITE, 0.55 * alpha);
  roundRect(buf, 300, 248 + rise, 120, 36, 18, accent, 0.9 * alpha);
  // Slide progress bar.
  roundRect(buf, 80, 376, 516, 8, 4, WHITE, 0.18);
  roundRect(buf, 80, 376, Math.max(8, 516 * inSlide), 8, 4, WHITE, 0.8);
  for (let k = 0; k < 3; k++) circle(buf, 316 + k * 20, 345, 5, WHITE, k === slide ? 0.9 : 0.3);

  // Report tiles: bar charts breathing with the loop.
  for (let k = 0; k < 3; k++) {
    const ty = 48 + k * 128;
    roundRect(buf, 660, ty, 252, 116, 18, WHITE, 0.08);
    roundRect(buf, 680, ty + 18, 90 + k * 20, 10, 5, WHITE, 0.6);
    for (let b = 0; b < 6; b++) {
      const hgt = 20 + 34 * (0.5 + 0.5 * Math.sin(TAU * (t + b * 0.13 + k * 0.31)));
      roundRect(buf, 684 + b * 36, ty + 100 - hgt, 22, hgt, 5, ACCENTS[k], 0.75);
    }
  }

  // Ticker: pills scrolling left by exactly one pattern width per loop.
  roundRect(buf, 48, 448, 864, 48, 24, WHITE, 0.1);
  const pattern = [120, 80, 160, 100, 140];
  const patternWidth = pattern.reduce((a, w) => a + w + 24, 0);
  const shift = t * patternWidth;
  for (let rep = -1; rep < 3; rep++) {
    let x = 72 + rep * patternWidth - shift;
    pattern.forEach((w, k) => {
      const left = Math.max(x, 72);
      const right = Math.min(x + w, 888);
      if (right - left > 12) roundRect(buf, left, 464, right - left, 16, 8, k % 2 ? ACCENTS[k % 3] : WHITE, 0.65);
      x += w + 24;
    });
  }

  const out = Buffer.alloc(W * H * 3);
  for (let i = 0; i < buf.length; i++) out[i] = Math.round(clamp01(buf[i]) * 255);
  return out;
}

// ---- encode ---------------------------------------------------------------------------------------
const ffmpeg = findFfmpeg();
mkdirSync(OUT_DIR, { recursive: true });
const frames = [];
for (let f = 0; f < FRAMES; f++) frames.push(drawFrame(f));
const raw = Buffer.concat(frames);
const input = [
  '-hide_banner',
  '-loglevel',
  'error',
  '-y',
  '-f',
  'rawvideo',
  '-pix_fmt',
  'rgb24',
  '-s',
  `${W}x${H}`,
  '-r',
  String(FPS),
  '-i',
  '-',
];

const outputs = [
  [
    'hero-loop.webm',
    [
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      '42',
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '1',
      '-g',
      String(FRAMES),
      '-pix_fmt',
      'yuv420p',
      '-an',
    ],
  ],
  [
    'hero-loop.mp4',
    [
      '-c:v',
      'libx264',
      '-preset',
      'veryslow',
      '-tune',
      'animation',
      '-crf',
      '30',
      '-g',
      String(FRAMES),
      '-pix_fmt',
      'yuv420p',
      '-profile:v',
      'main',
      '-movflags',
      '+faststart',
      '-an',
    ],
  ],
];
for (const [name, args] of outputs) {
  const r = spawnSync(ffmpeg, [...input, ...args, path.join(OUT_DIR, name)], { input: raw, maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`ffmpeg failed for ${name}: ${r.stderr}`);
}
// The poster is the loop's first frame, so the swap from image to video is seamless.
const poster = spawnSync(
  ffmpeg,
  [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    '-s',
    `${W}x${H}`,
    '-i',
    '-',
    '-frames:v',
    '1',
    '-c:v',
    'libwebp',
    '-quality',
    '72',
    path.join(OUT_DIR, 'hero-poster.webp'),
  ],
  { input: frames[0], maxBuffer: 1 << 30 },
);
if (poster.status !== 0) throw new Error(`ffmpeg failed for the poster: ${poster.stderr}`);

for (const name of ['hero-loop.webm', 'hero-loop.mp4', 'hero-poster.webp']) {
  const file = path.join(OUT_DIR, name);
  if (existsSync(file)) console.log(`${name}: ${(statSync(file).size / 1024).toFixed(1)} KB`);
}
