import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrMatrix, qrPath } from './qr-code';

describe('QR code for the player address', () => {
  it('is a square of modules with the three finder patterns', () => {
    const matrix = qrMatrix('http://sinal.example.com.br/player');
    const size = matrix.length;
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0); // versions are 21, 25, 29… modules wide
    expect(matrix.every((row) => row.length === size)).toBe(true);
    // Finder patterns: dark 7×7 borders in three corners, light separator beside them.
    for (const [r, c] of [
      [0, 0],
      [0, size - 7],
      [size - 7, 0],
    ] as const) {
      expect(matrix[r]![c]).toBe(true);
      expect(matrix[r + 6]![c + 6]).toBe(true);
      expect(matrix[r + 1]![c + 1]).toBe(false);
      expect(matrix[r + 3]![c + 3]).toBe(true);
    }
  });

  it('draws one square per dark module, shifted by the quiet zone', () => {
    expect(
      qrPath(
        [
          [true, false],
          [false, true],
        ],
        4,
      ),
    ).toBe('M4 4h1v1h-1zM5 5h1v1h-1z');
  });

  it('gives a different code for a different address', () => {
    expect(qrMatrix('http://a.example/player')).not.toEqual(qrMatrix('http://b.example/player'));
  });

  it('reads back accented text as written (UTF-8 bytes)', () => {
    const text = 'https://exemplo.com.br/cardápio?prato=açaí';
    const matrix = qrMatrix(text);
    const quiet = 4;
    const scale = 4;
    const side = (matrix.length + 2 * quiet) * scale;
    const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
    matrix.forEach((cells, row) =>
      cells.forEach((dark, col) => {
        if (!dark) return;
        for (let y = 0; y < scale; y++)
          for (let x = 0; x < scale; x++) {
            const at = (((row + quiet) * scale + y) * side + (col + quiet) * scale + x) * 4;
            pixels.fill(0, at, at + 3);
          }
      }),
    );
    expect(jsQR(pixels, side, side)?.data).toBe(text);
  });
});
