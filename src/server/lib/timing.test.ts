import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, coalesce, TimeoutError, withTimeout } from './timing';

describe('timing helpers', () => {
  afterEach(() => vi.useRealTimers());

  it('doubles the backoff from its base up to its ceiling', () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, 250, 5000))).toEqual([
      250, 500, 1000, 2000, 4000, 5000,
    ]);
    expect(backoffDelay(-1, 500, 5000)).toBe(500);
  });

  it('rejects with TimeoutError when the promise does not settle in time, and passes its answer through otherwise', async () => {
    vi.useFakeTimers();
    const hanging = withTimeout(new Promise(() => {}), 1000);
    const settled = expect(hanging).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(1000);
    await settled;
    await expect(withTimeout(Promise.resolve('pong'), 1000)).resolves.toBe('pong');
    await expect(withTimeout(Promise.reject(new Error('recusado')), 1000)).rejects.toThrow('recusado');
  });

  it('runs once per burst of requests, at the end of the window opened by the first', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const request = coalesce(() => runs++, 2000);
    request();
    await vi.advanceTimersByTimeAsync(1500);
    request();
    request();
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toBe(1);
    // A request after the run opens a new window.
    request();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
    request();
    request.cancel();
    await vi.advanceTimersByTimeAsync(2000);
    expect(runs).toBe(2);
  });
});
