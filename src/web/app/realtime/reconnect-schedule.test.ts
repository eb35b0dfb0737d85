import { describe, expect, it } from 'vitest';
import {
  initialReconnectState,
  NORMAL_CLOSE,
  reconnectDelay,
  reconnectOnClose,
  reconnectOnOpen,
  reconnectOnRetry,
  reconnectOnWake,
  type ReconnectState,
} from './reconnect-schedule';

describe('reconnect schedule (docs/product.md#states and #constants)', () => {
  it('waits 5000 ms × the attempt number, with the multiplier capped at 5', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((n) => reconnectDelay(n, 1006))).toEqual([
      5000, 10000, 15000, 20000, 25000, 25000, 25000, 25000,
    ]);
  });

  it('stops after 10 attempts', () => {
    expect(reconnectDelay(11, 1006)).toBeNull();
    expect(reconnectDelay(0, 1006)).toBeNull();
  });

  it('never reconnects after a normal close (1000)', () => {
    expect(reconnectDelay(1, NORMAL_CLOSE)).toBeNull();
  });
});

describe('reconnect rounds (docs/api.md#admin-channel)', () => {
  const drop = (state: ReconnectState, code = 1006) => reconnectOnRetry(reconnectOnClose(state, code).state);

  it('retries on the schedule, then gives up after the tenth try; a wake-up then starts a new round at once', () => {
    let state = initialReconnectState;
    const delays: Array<number | null> = [];
    for (let i = 0; i < 11; i++) {
      const closed = reconnectOnClose(state, 1006);
      delays.push(closed.delay);
      state = closed.delay === null ? closed.state : reconnectOnRetry(closed.state);
    }
    expect(delays).toEqual([5000, 10000, 15000, 20000, 25000, 25000, 25000, 25000, 25000, 25000, null]);
    expect(state.phase).toBe('gave-up');
    const woken = reconnectOnWake(state);
    expect(woken).toEqual({ state: { attempt: 0, phase: 'open' }, connectNow: true });
    // The new round has its ten tries again.
    expect(reconnectOnClose(woken.state, 1006).delay).toBe(5000);
  });

  it('a wake-up during a round or while connected changes nothing', () => {
    expect(reconnectOnWake(initialReconnectState).connectNow).toBe(false);
    const waiting = reconnectOnClose(initialReconnectState, 1006).state;
    expect(reconnectOnWake(waiting)).toEqual({ state: waiting, connectNow: false });
    expect(reconnectOnWake(drop(drop(initialReconnectState))).connectNow).toBe(false);
  });

  it('an open resets the count, so a later drop waits 5 s again', () => {
    const afterThree = drop(drop(drop(initialReconnectState)));
    expect(reconnectOnClose(afterThree, 1006).delay).toBe(20000);
    expect(reconnectOnClose(reconnectOnOpen(), 1006).delay).toBe(5000);
  });
});
