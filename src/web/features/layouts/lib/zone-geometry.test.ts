import { describe, expect, it } from 'vitest';
import { arrowDelta, clampRect, moveRect, newZoneRect, nudgeRect, resizeRect, snapValue } from './zone-geometry';

const rect = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

describe('zone geometry', () => {
  it('snaps to the nearest edge within 1 %, else to the 1 % grid', () => {
    expect(snapValue(49.4, [0, 50, 100])).toBe(50);
    expect(snapValue(33.9, [0, 33.33, 100])).toBe(33.33);
    expect(snapValue(47.6, [0, 50, 100])).toBe(48);
    expect(snapValue(12.2, [0, 100])).toBe(12);
  });

  it('keeps a rectangle inside the screen by moving it back, not shrinking it', () => {
    expect(clampRect(rect(90, -5, 30, 20))).toEqual(rect(70, 0, 30, 20));
    expect(clampRect(rect(10, 10, 0, 150))).toEqual(rect(10, 0, 1, 100));
  });

  it('moves on the grid, sticks either end to another zone’s edge, and stays inside', () => {
    const left = rect(0, 0, 50, 100);
    expect(moveRect(rect(10, 10, 20, 20), 3.4, 5.6)).toEqual(rect(13, 16, 20, 20));
    // The moving zone's left end comes within 1 % of the other's right edge (50).
    expect(moveRect(rect(60, 10, 20, 20), -10.7, 0, [left])).toEqual(rect(50, 10, 20, 20));
    // Its right end comes near 50 from the left side.
    expect(moveRect(rect(10, 10, 20, 20), 20.6, 0, [left])).toEqual(rect(30, 10, 20, 20));
    // Dragged far past the right edge: clamped, never outside.
    expect(moveRect(rect(60, 60, 30, 30), 35, 50)).toEqual(rect(70, 70, 30, 30));
  });

  it('resizes from the bottom-right corner with the far edges snapped, at least 1 %', () => {
    const other = rect(0, 0, 100, 85);
    expect(resizeRect(rect(10, 10, 20, 20), 5.3, -4.6)).toEqual(rect(10, 10, 25, 15));
    expect(resizeRect(rect(0, 60, 40, 20), 0, 4.5, [other])).toEqual(rect(0, 60, 40, 25));
    expect(resizeRect(rect(50, 50, 20, 20), 80, 80)).toEqual(rect(50, 50, 50, 50));
    expect(resizeRect(rect(50, 50, 20, 20), -40, -40)).toEqual(rect(50, 50, 1, 1));
  });

  it('moves 1 % per arrow and resizes 1 % per shift+arrow, inside the screen', () => {
    expect(nudgeRect(rect(10, 10, 20, 20), 1, 0, false)).toEqual(rect(11, 10, 20, 20));
    expect(nudgeRect(rect(0, 0, 20, 20), -1, -1, false)).toEqual(rect(0, 0, 20, 20));
    expect(nudgeRect(rect(33.33, 0, 33.34, 100), 0, 1, false)).toEqual(rect(33.33, 0, 33.34, 100));
    expect(nudgeRect(rect(10, 10, 20, 20), 0, 1, true)).toEqual(rect(10, 10, 20, 21));
    expect(nudgeRect(rect(80, 10, 20, 20), 1, 0, true)).toEqual(rect(80, 10, 20, 20));
    expect(nudgeRect(rect(10, 10, 1, 1), -1, 0, true)).toEqual(rect(10, 10, 1, 1));
    expect(arrowDelta('ArrowUp')).toEqual([0, -1]);
    expect(arrowDelta('Enter')).toBeNull();
  });

  it('cascades new zones inside the screen', () => {
    expect(newZoneRect(0)).toEqual(rect(0, 0, 30, 30));
    expect(newZoneRect(2)).toEqual(rect(10, 10, 30, 30));
    for (let i = 0; i < 20; i++) expect(clampRect(newZoneRect(i))).toEqual(newZoneRect(i));
  });
});
