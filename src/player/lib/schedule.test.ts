import { describe, expect, it } from 'vitest';
import { cycleDurationMs, itemDurationMs, nextIndex, positionAt, resumeIndex } from './schedule';

const items = [{ duration: 2 }, { duration: 5 }, { duration: 1 }];

describe('schedule', () => {
  it('turns seconds into ms, with 1 s as the floor', () => {
    expect(itemDurationMs({ duration: 8 })).toBe(8000);
    expect(itemDurationMs({ duration: 0 })).toBe(1000);
    expect(itemDurationMs({ duration: Number.NaN })).toBe(1000);
    expect(cycleDurationMs(items)).toBe(8000);
  });

  it('says which item is on screen and when the next one starts', () => {
    expect(positionAt(items, 0)).toEqual({ index: 0, loop: 0, startsAt: 0, nextAt: 2000 });
    expect(positionAt(items, 1999)).toMatchObject({ index: 0, nextAt: 2000 });
    expect(positionAt(items, 2000)).toEqual({ index: 1, loop: 0, startsAt: 2000, nextAt: 7000 });
    expect(positionAt(items, 7500)).toEqual({ index: 2, loop: 0, startsAt: 7000, nextAt: 8000 });
  });

  it('loops after the last item', () => {
    expect(positionAt(items, 8000)).toEqual({ index: 0, loop: 1, startsAt: 8000, nextAt: 10_000 });
    expect(positionAt(items, 8000 * 10 + 2500)).toEqual({ index: 1, loop: 10, startsAt: 82_000, nextAt: 87_000 });
  });

  it('has nothing to show without items, and clamps negative times to the start', () => {
    expect(positionAt([], 1000)).toBeNull();
    expect(positionAt(items, -50)).toMatchObject({ index: 0, loop: 0 });
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

  it('resumes after the current item when a playlist edit keeps it, else from the start', () => {
    expect(resumeIndex(['a', 'b', 'c'], 'b')).toBe(2);
    expect(resumeIndex(['a', 'b', 'c'], 'c')).toBe(0);
    expect(resumeIndex(['a', 'b'], 'z')).toBe(0);
    expect(resumeIndex([], 'a')).toBe(0);
    expect(resumeIndex(['a'], null)).toBe(0);
  });
});
