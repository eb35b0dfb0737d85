import qrcode from 'qrcode-generator';

/**
 * The dark modules of a QR code for `text` (error correction M, smallest version that fits), made
 * where it is shown (the panel, the TV): no network, no image service (docs/content.md).
 */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  // Byte mode keeps only the low byte of each character: handed the UTF-8 bytes, accented text reads
  // back as written (phones decode UTF-8), as the player's QR code does.
  qr.addData(String.fromCharCode(...new TextEncoder().encode(text)), 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  return Array.from({ length: size }, (_, row) => Array.from({ length: size }, (_, col) => qr.isDark(row, col)));
}

/** One SVG path drawing every dark module, offset by the quiet zone. */
export function qrPath(matrix: boolean[][], quiet: number): string {
  const parts: string[] = [];
  matrix.forEach((cells, row) =>
    cells.forEach((dark, col) => {
      if (dark) parts.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
    }),
  );
  return parts.join('');
}
