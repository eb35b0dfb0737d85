import { fitRect, translateXOf, wrapText, type Rect } from './capture-geometry';

/**
 * Content items in a screenshot (docs/content.md#the-player): what the components mark with
 * `data-capture` is drawn on the canvas in document order, at its layout place in the window:
 * - `fill`: the element's background colour;
 * - `text`: its text, wrapped to its width, in its font, colour and alignment;
 * - `line`: one line moved by a transform (the ticker's track), where the animation has it now;
 * - `svg`: its SVG (a QR code, an analog clock) as an image;
 * - `image`: its picture (a feed's), fitted as contain;
 * - `placeholder`: a grey box with its `data-label` (a web page from another site, whose pixels the
 *   page cannot read).
 */
export async function drawContent(
  ctx: CanvasRenderingContext2D,
  layer: HTMLElement,
  boxOf: (element: HTMLElement) => Rect,
): Promise<void> {
  for (const element of layer.querySelectorAll<HTMLElement>('[data-capture]')) {
    const box = boxOf(element);
    const style = getComputedStyle(element);
    switch (element.dataset.capture) {
      case 'fill':
        if (style.backgroundColor && style.backgroundColor !== 'rgba(0, 0, 0, 0)') {
          ctx.fillStyle = style.backgroundColor;
          ctx.fillRect(box.x, box.y, box.width, box.height);
        }
        break;
      case 'text':
        drawText(ctx, element.textContent ?? '', style, box, true);
        break;
      case 'line':
        drawText(ctx, element.textContent ?? '', style, { ...box, x: box.x + translateXOf(style.transform) }, false);
        break;
      case 'svg':
        await drawSvg(ctx, element, box);
        break;
      case 'image':
        if (element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0) {
          const at = fitRect('contain', box, { width: element.naturalWidth, height: element.naturalHeight });
          ctx.drawImage(element, at.x, at.y, at.width, at.height);
        }
        break;
      case 'placeholder':
        // The frame is scaled by its zoom: its container is the zone's part it covers.
        drawPlaceholder(ctx, element.dataset.label ?? '', element.parentElement ? boxOf(element.parentElement) : box);
        break;
    }
  }
}

function drawText(ctx: CanvasRenderingContext2D, text: string, style: CSSStyleDeclaration, box: Rect, wrap: boolean) {
  const content = text.trim();
  if (!content) return;
  ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  ctx.fillStyle = style.color;
  ctx.textBaseline = 'middle';
  const fontSize = parseFloat(style.fontSize) || 16;
  const lineHeight = parseFloat(style.lineHeight) || fontSize * 1.2;
  if (!wrap) {
    ctx.textAlign = 'left';
    ctx.fillText(text, box.x, box.y + box.height / 2);
    return;
  }
  const lines = content
    .split('\n')
    // A few pixels of slack: a shrink-wrapped element is exactly as wide as its text, and the
    // canvas measures a hair differently from the layout.
    .flatMap((paragraph) => wrapText(paragraph, box.width + 4, (line) => ctx.measureText(line).width));
  const align =
    style.textAlign === 'center'
      ? 'center'
      : style.textAlign === 'right' || style.textAlign === 'end'
        ? 'right'
        : 'left';
  ctx.textAlign = align;
  const x = align === 'center' ? box.x + box.width / 2 : align === 'right' ? box.x + box.width : box.x;
  lines.forEach((line, i) => ctx.fillText(line, x, box.y + lineHeight * (i + 0.5)));
}

/** The element's SVG, serialized at the element's size, loaded as an image (no network: a data URL). */
async function drawSvg(ctx: CanvasRenderingContext2D, element: HTMLElement, box: Rect) {
  const svg = element.querySelector('svg');
  if (!svg || box.width <= 0 || box.height <= 0) return;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('width', String(box.width));
  copy.setAttribute('height', String(box.height));
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const image = new Image();
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(copy))}`;
  try {
    await image.decode();
    ctx.drawImage(image, box.x, box.y, box.width, box.height);
  } catch {
    // An SVG the runtime cannot decode leaves the element's background: the rest still draws.
  }
}

function drawPlaceholder(ctx: CanvasRenderingContext2D, label: string, box: Rect) {
  ctx.fillStyle = '#4b5563';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.fillStyle = '#ffffff';
  ctx.font = `600 ${Math.max(12, Math.min(box.height / 8, box.width / 20))}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, box.x + box.width / 2, box.y + box.height / 2, box.width * 0.9);
}
