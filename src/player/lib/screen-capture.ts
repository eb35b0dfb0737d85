import { drawContent } from './capture-content';
import { captureSize, fitRect, wrapText, type Rect } from './capture-geometry';
import { SCREENSHOT_JPEG_QUALITY, SCREENSHOT_MAX_BYTES, SCREENSHOT_MAX_SIDE } from './protocol';

/** player.css's `--backdrop`, for a window whose background cannot be read. */
const BACKDROP = '#0b1437';
/** A picture over the size limit is encoded once more at this quality before giving up. */
const FALLBACK_QUALITY = 0.5;

/**
 * What the screen shows now (issue 15), as a JPEG: the stage at its layout size (the device's
 * orientation: offsetWidth/Height ignore the CSS turn of a vertical TV on a landscape output),
 * scaled to SCREENSHOT_MAX_SIDE, each `section.window` (a zone) at its place and layer with its visible layer's
 * picture or video frame fitted as player.css fits it, or, with nothing to draw (an idle or loading
 * panel), the panel's background and its texts, so the admin reads why. Null when nothing is on the
 * screen yet (no stage). Throws when the browser refuses the pixels (a tainted canvas).
 */
export async function captureScreen(stage: HTMLElement | null): Promise<Blob | null> {
  if (!stage?.isConnected) return null;
  const screen = { width: stage.offsetWidth, height: stage.offsetHeight };
  // Zones are drawn bottom layer first (`data-z`, the zone's `z`; equal layers do not overlap).
  const windows = [...stage.querySelectorAll<HTMLElement>('section.window')].sort(
    (a, b) => Number(a.dataset.z ?? 0) - Number(b.dataset.z ?? 0),
  );
  if (!screen.width || !screen.height || windows.length === 0) return null;

  const size = captureSize(screen, SCREENSHOT_MAX_SIDE);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d canvas');
  ctx.setTransform(size.scaleX, 0, 0, size.scaleY, 0, 0);
  ctx.fillStyle = BACKDROP;
  ctx.fillRect(0, 0, screen.width, screen.height);
  const origin = pageOffset(stage);
  for (const win of windows) {
    const at = pageOffset(win);
    await drawWindow(
      ctx,
      win,
      { x: at.x - origin.x, y: at.y - origin.y, width: win.offsetWidth, height: win.offsetHeight },
      (element) => {
        const place = pageOffset(element);
        return {
          x: place.x - origin.x,
          y: place.y - origin.y,
          width: element.offsetWidth,
          height: element.offsetHeight,
        };
      },
    );
  }

  const jpeg = await toJpeg(canvas, SCREENSHOT_JPEG_QUALITY);
  if (jpeg.size <= SCREENSHOT_MAX_BYTES) return jpeg;
  const smaller = await toJpeg(canvas, FALLBACK_QUALITY);
  if (smaller.size <= SCREENSHOT_MAX_BYTES) return smaller;
  throw new Error(`screenshot too big (${smaller.size} bytes)`);
}

/** Layout position from the page's origin: the offsets ignore transforms, so a turned stage reads upright. */
function pageOffset(element: HTMLElement): { x: number; y: number } {
  let x = 0;
  let y = 0;
  for (let node: Element | null = element; node instanceof HTMLElement; node = node.offsetParent) {
    x += node.offsetLeft;
    y += node.offsetTop;
  }
  return { x, y };
}

async function drawWindow(
  ctx: CanvasRenderingContext2D,
  win: HTMLElement,
  box: Rect,
  boxOf: (element: HTMLElement) => Rect,
) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(box.x, box.y, box.width, box.height);
  ctx.clip();
  ctx.fillStyle = backgroundOf(win);
  ctx.fillRect(box.x, box.y, box.width, box.height);
  // A panel over the window (idle, loading, unavailable) hides its layers: it is what shows.
  const panel = [...win.children].find(
    (child): child is HTMLElement => child instanceof HTMLElement && child.classList.contains('idle-panel'),
  );
  // The outgoing item (still drawn beneath the incoming one until its first frame), then the one on top.
  const layers = panel
    ? []
    : ['leaving', 'active'].flatMap((state) => [...win.querySelectorAll<HTMLElement>(`.layer[data-${state}="true"]`)]);
  for (const layer of layers) {
    // A picture, a video frame or a PDF page (its next page, decoding beneath, is left out).
    for (const element of layer.querySelectorAll<HTMLImageElement | HTMLVideoElement>(
      ':scope > .media:not(.media-preload)',
    )) {
      const picture = pictureSize(element);
      if (!picture) continue;
      const at = fitRect(getComputedStyle(element).objectFit, box, picture);
      ctx.drawImage(element, at.x, at.y, at.width, at.height);
    }
    // A content item: what its components mark (lib/capture-content.ts).
    await drawContent(ctx, layer, boxOf);
  }
  if (panel) drawPanel(ctx, panel, box);
  ctx.restore();
}

/** The natural size of what the element shows now, or null when it has nothing decoded to draw. */
function pictureSize(media: HTMLImageElement | HTMLVideoElement): { width: number; height: number } | null {
  if (media instanceof HTMLVideoElement) {
    return media.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && media.videoWidth > 0
      ? { width: media.videoWidth, height: media.videoHeight }
      : null;
  }
  return media.complete && media.naturalWidth > 0 ? { width: media.naturalWidth, height: media.naturalHeight } : null;
}

function backgroundOf(element: HTMLElement): string {
  const color = getComputedStyle(element).backgroundColor;
  return color && color !== 'transparent' && color !== 'rgba(0, 0, 0, 0)' ? color : BACKDROP;
}

/** The panel's title and detail, centred in their own fonts and colours (the logo is left out). */
function drawPanel(ctx: CanvasRenderingContext2D, panel: HTMLElement, box: Rect) {
  const maxWidth = box.width * 0.9;
  const blocks = (['.idle-title', '.idle-detail'] as const).flatMap((selector) => {
    const element = panel.querySelector<HTMLElement>(selector);
    const text = element?.textContent?.trim();
    if (!element || !text) return [];
    const style = getComputedStyle(element);
    const font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    ctx.font = font;
    const lineHeight = parseFloat(style.fontSize) * 1.3 || 20;
    return [
      { font, color: style.color, lineHeight, lines: wrapText(text, maxWidth, (line) => ctx.measureText(line).width) },
    ];
  });
  const height = blocks.reduce((sum, block) => sum + block.lines.length * block.lineHeight, 0);
  let y = box.y + (box.height - height) / 2;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const block of blocks) {
    ctx.font = block.font;
    ctx.fillStyle = block.color;
    for (const line of block.lines) {
      ctx.fillText(line, box.x + box.width / 2, y + block.lineHeight / 2);
      y += block.lineHeight;
    }
  }
}

/** The canvas as a JPEG; WebViews before Chrome 50 have no toBlob, so their data URL is decoded. */
function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  if (typeof canvas.toBlob !== 'function') {
    const data = atob(canvas.toDataURL('image/jpeg', quality).split(',')[1] ?? '');
    const bytes = Uint8Array.from(data, (c) => c.charCodeAt(0));
    return Promise.resolve(new Blob([bytes], { type: 'image/jpeg' }));
  }
  return new Promise((resolve, reject) => {
    // A tainted canvas throws here (SecurityError): the promise rejects with it.
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('no JPEG from the canvas'))),
      'image/jpeg',
      quality,
    );
  });
}
