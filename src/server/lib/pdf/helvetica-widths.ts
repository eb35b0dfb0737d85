/**
 * Helvetica's advance widths (Adobe's AFM, in 1/1000 em) for printable ASCII, 32 to 126: enough to
 * right-align figures and fit columns (docs/ads.md#pdf). An accented letter is as wide as its base
 * letter; anything else is read as an average letter.
 */
// prettier-ignore
const ASCII = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
const AVERAGE = 556;

export function helveticaWidth(char: string): number {
  const code = char.codePointAt(0)!;
  if (code >= 32 && code <= 126) return ASCII[code - 32]!;
  const base = char.normalize('NFD').codePointAt(0)!;
  if (base >= 32 && base <= 126) return ASCII[base - 32]!;
  return AVERAGE;
}
