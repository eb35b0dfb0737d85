import { describe, expect, it } from 'vitest';
import { NORMAL_CLOSE, reconnectDelay } from './reconnect-schedule';

describe('reconnect schedule (SPEC §4, §9)', () => {
  it('waits 5000 ms × the attempt number, with the multiplier capped at 5', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => reconnectDelay(n, 1006))).toEqual([5000, 10000, 15000, 20000, 25000, 25000, 25000, 25000]);
  });

  it('stops after 10 attempts', () => {
    expect(reconnectDelay(11, 1006)).toBeNull();
    expect(reconnectDelay(0, 1006)).toBeNull();
  });

  it('never reconnects after a normal close (1000)', () => {
    expect(reconnectDelay(1, NORMAL_CLOSE)).toBeNull();
  });
});
