import { describe, expect, it } from 'vitest';
import { captureSize, fitRect, translateXOf, wrapText } from './capture-geometry';

describe('screenshot geometry', () => {
  it('scales the logical screen so its longest side is at most the limit, never up', () => {
    expect(captureSize({ width: 1920, height: 1080 }, 1280)).toEqual({
      width: 1280,
      height: 720,
      scaleX: 2 / 3,
      scaleY: 2 / 3,
    });
    // A vertical TV: its height is the longest side.
    expect(captureSize({ width: 1080, height: 1920 }, 1280)).toMatchObject({ width: 720, height: 1280 });
    expect(captureSize({ width: 3840, height: 2160 }, 1280)).toMatchObject({ width: 1280, height: 720 });
    expect(captureSize({ width: 640, height: 360 }, 1280)).toEqual({ width: 640, height: 360, scaleX: 1, scaleY: 1 });
    expect(captureSize({ width: 1280, height: 1280 }, 1280)).toMatchObject({ width: 1280, height: 1280 });
  });

  it('rounds each side and keeps the scales true to the rounded picture', () => {
    const size = captureSize({ width: 1366, height: 768 }, 1280);
    expect(size).toMatchObject({ width: 1280, height: 720 });
    expect(size.scaleY * 768).toBeCloseTo(720, 9);
    expect(captureSize({ width: 5000, height: 1 }, 1280)).toMatchObject({ width: 1280, height: 1 });
  });

  it('contains a picture centred in its box, bars on the short side', () => {
    const box = { x: 100, y: 0, width: 800, height: 900 };
    // A landscape picture in a tall box: full width, bars above and below.
    expect(fitRect('contain', box, { width: 1600, height: 900 })).toEqual({ x: 100, y: 225, width: 800, height: 450 });
    // A portrait picture: full height, bars left and right.
    expect(fitRect('contain', box, { width: 300, height: 1800 })).toEqual({ x: 425, y: 0, width: 150, height: 900 });
    // Small pictures grow to the box.
    expect(fitRect('contain', box, { width: 80, height: 90 })).toEqual(box);
  });

  it('covers the box with the picture, overflowing it evenly on the long side', () => {
    const box = { x: 0, y: 540, width: 1920, height: 540 };
    expect(fitRect('cover', box, { width: 1920, height: 1080 })).toEqual({ x: 0, y: 270, width: 1920, height: 1080 });
    expect(fitRect('cover', box, { width: 100, height: 10 })).toEqual({ x: -1740, y: 540, width: 5400, height: 540 });
  });

  it('follows fill, none and scale-down, and reads anything else as contain', () => {
    const box = { x: 10, y: 20, width: 400, height: 200 };
    expect(fitRect('fill', box, { width: 50, height: 50 })).toEqual(box);
    expect(fitRect('none', box, { width: 100, height: 50 })).toEqual({ x: 160, y: 95, width: 100, height: 50 });
    expect(fitRect('scale-down', box, { width: 100, height: 50 })).toEqual({ x: 160, y: 95, width: 100, height: 50 });
    expect(fitRect('scale-down', box, { width: 800, height: 200 })).toEqual({ x: 10, y: 70, width: 400, height: 100 });
    expect(fitRect('', box, { width: 800, height: 200 })).toEqual(fitRect('contain', box, { width: 800, height: 200 }));
    // A picture that reports no size yet is stretched rather than divided by zero.
    expect(fitRect('contain', box, { width: 0, height: 0 })).toEqual(box);
  });

  it('breaks text between words to fit the width', () => {
    const measure = (line: string) => line.length * 10;
    expect(wrapText('Nenhuma playlist atribuída', 1000, measure)).toEqual(['Nenhuma playlist atribuída']);
    // A line exactly as wide as the limit fits.
    expect(wrapText('Atribua uma playlist a "TV Loja" no painel do Sinalize.', 200, measure)).toEqual([
      'Atribua uma playlist',
      'a "TV Loja" no',
      'painel do Sinalize.',
    ]);
    expect(wrapText('  Carregando   conteúdo... ', 120, measure)).toEqual(['Carregando', 'conteúdo...']);
    expect(wrapText('Supercalifragilístico curto', 50, measure)).toEqual(['Supercalifragilístico', 'curto']);
    expect(wrapText('', 100, measure)).toEqual([]);
  });

  it("reads where a ticker's animation has its track from the computed transform", () => {
    expect(translateXOf('matrix(1, 0, 0, 1, -123.5, 0)')).toBe(-123.5);
    expect(translateXOf('matrix3d(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -40, 0, 0, 1)')).toBe(-40);
    expect(translateXOf('none')).toBe(0);
  });
});
