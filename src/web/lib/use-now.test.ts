import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNowStore } from './use-now';

describe('the shared clock behind useNow', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('runs one timer for every reader, ticks them together, and stops with the last one', () => {
    const store = createNowStore(30_000);
    const a = vi.fn();
    const b = vi.fn();
    const offA = store.subscribe(a);
    const offB = store.subscribe(b);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(30_000);
    expect(store.getSnapshot()).toBe(1_030_000);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    offA();
    vi.advanceTimersByTime(30_000);
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 2]);
    offB();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('an aligned clock (useMinuteNow)', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.UTC(2026, 0, 5, 12, 0, 41, 500) }));
  afterEach(() => vi.useRealTimers());

  it('ticks on the turn of each minute, not a minute after its first reader', () => {
    const store = createNowStore(60_000, Date.now, true);
    const reader = vi.fn();
    const off = store.subscribe(reader);
    vi.advanceTimersByTime(18_499);
    expect(reader).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toBe(Date.UTC(2026, 0, 5, 12, 1));
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toBe(Date.UTC(2026, 0, 5, 12, 2));
    expect(reader).toHaveBeenCalledTimes(2);
    off();
    expect(vi.getTimerCount()).toBe(0);
  });
});
