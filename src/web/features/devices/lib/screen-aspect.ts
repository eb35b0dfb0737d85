import type { Orientation } from '@contract/devices';

/**
 * The shape of a device's screen as its screenshot has it: the resolution's sides ("1920x1080"),
 * the long one upright for a vertical screen (the player draws a vertical screen standing, whatever
 * the output). A resolution that does not read as `<w>x<h>` counts as 16:9.
 */
export function screenAspect(resolution: string, orientation: Orientation): { width: number; height: number } {
  const match = /^\s*(\d+)\s*[x×]\s*(\d+)\s*$/i.exec(resolution);
  const a = match ? Number(match[1]) : 0;
  const b = match ? Number(match[2]) : 0;
  const [long, short] = a > 0 && b > 0 ? [Math.max(a, b), Math.min(a, b)] : [16, 9];
  return orientation === 'vertical' ? { width: short, height: long } : { width: long, height: short };
}
