import { describe, expect, it } from 'vitest';
import { itemDurationMs, nextIndex } from './schedule';

describe('schedule', () => {
  it('turns seconds into ms, with 1 s as the floor', () => {
    expect(itemDurationMs({ duration: 8 })).toBe(8000);
    expect(itemDurationMs({ duration: 0 })).toBe(1000);
    expect(itemDurationMs({ duration: Number.NaN })).toBe(1000);
  });

  it('finds the next playable item, wrapping and skipping failed ones', () => {
    expect(nextIndex(3, 0)).toBe(1);
    expect(nextIndex(3, 2)).toBe(0);
    expect(nextIndex(3, -1)).toBe(0);
    expect(nextIndex(3, 0, (i) => i !== 1)).toBe(2);
    expect(nextIndex(3, 1, (i) => i === 1)).toBe(1);
    expect(nextIndex(3, 1, () => false)).toBeNull();
    expect(nextIndex(0, 0)).toBeNull();
  });
});
