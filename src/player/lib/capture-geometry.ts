/** The arithmetic of a screenshot (lib/screen-capture.ts draws with it): sizes, fits and lines. */

export interface Size {
  width: number;
  height: number;
}
export interface Rect extends Size {
  x: number;
  y: number;
}

/**
 * The picture of a logical screen: scaled down so its longest side is at most `maxSide` (never up:
 * a small screen is sent as it is), each side at least one pixel. `scaleX`/`scaleY` map the
 * screen's CSS pixels onto the picture's, a hair apart once the sides are rounded.
 */
export function captureSize(screen: Size, maxSide: number): Size & { scaleX: number; scaleY: number } {
  const scale = Math.min(1, maxSide / Math.max(screen.width, screen.height));
  const width = Math.max(1, Math.round(screen.width * scale));
  const height = Math.max(1, Math.round(screen.height * scale));
  return { width, height, scaleX: width / screen.width, scaleY: height / screen.height };
}

/**
 * Where a picture of `media` size lands in `box` under CSS `object-fit` (centred, the default
 * `object-position`). Cover overflows the box: the caller clips to it. An unknown value (or a
 * runtime without object-fit) is read as contain, what player.css asks for.
 */
export function fitRect(fit: string, box: Rect, media: Size): Rect {
  if (fit === 'fill' || media.width <= 0 || media.height <= 0) return { ...box };
  const contain = Math.min(box.width / media.width, box.height / media.height);
  const cover = Math.max(box.width / media.width, box.height / media.height);
  const scale = fit === 'cover' ? cover : fit === 'none' ? 1 : fit === 'scale-down' ? Math.min(1, contain) : contain;
  const width = media.width * scale;
  const height = media.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

/**
 * `text` in lines no wider than `maxWidth` by `measure`, broken between words; a word wider than
 * the line stands on a line of its own (the clip cuts it rather than the picture losing it).
 */
export function wrapText(text: string, maxWidth: number, measure: (line: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The horizontal move of a computed `transform` (`matrix(a, b, c, d, e, f)` or `matrix3d(…)`), in
 * CSS pixels: where a ticker's animation has its track now. 0 for `none` or anything unreadable.
 */
export function translateXOf(transform: string): number {
  const match = /^matrix(3d)?\(([^)]*)\)$/.exec(transform.trim());
  if (!match) return 0;
  const values = match[2]!.split(',').map((v) => Number(v.trim()));
  const x = match[1] ? values[12] : values[4];
  return Number.isFinite(x) ? x! : 0;
}
