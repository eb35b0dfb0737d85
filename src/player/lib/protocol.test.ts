import { describe, expect, it } from 'vitest';
import { HEARTBEAT_INTERVAL_MS as CONTRACT_HEARTBEAT } from '@contract/constants';
import { DEVICE_REVOKED_CLOSE_CODE as CONTRACT_REVOKED, DEVICE_SOCKET_PATH as CONTRACT_PATH } from '@contract/realtime';
import {
  SCREENSHOT_JPEG_QUALITY as CONTRACT_JPEG_QUALITY,
  SCREENSHOT_MAX_BYTES as CONTRACT_MAX_BYTES,
  SCREENSHOT_MAX_SIDE as CONTRACT_MAX_SIDE,
} from '@contract/screens';
import { reconnectDelay, RECONNECT_MAX_MS } from './backoff';
import {
  DEVICE_REVOKED_CLOSE_CODE,
  DEVICE_SOCKET_PATH,
  HEARTBEAT_INTERVAL_MS,
  SCREENSHOT_JPEG_QUALITY,
  SCREENSHOT_MAX_BYTES,
  SCREENSHOT_MAX_SIDE,
} from './protocol';

describe('player protocol constants', () => {
  it('match the contract', () => {
    expect(DEVICE_SOCKET_PATH).toBe(CONTRACT_PATH);
    expect(DEVICE_REVOKED_CLOSE_CODE).toBe(CONTRACT_REVOKED);
    expect(HEARTBEAT_INTERVAL_MS).toBe(CONTRACT_HEARTBEAT);
    expect(SCREENSHOT_MAX_SIDE).toBe(CONTRACT_MAX_SIDE);
    expect(SCREENSHOT_JPEG_QUALITY).toBe(CONTRACT_JPEG_QUALITY);
    expect(SCREENSHOT_MAX_BYTES).toBe(CONTRACT_MAX_BYTES);
  });

  it('reconnects after 1 s, 2 s, 4 s… capped at 30 s, jittered down to half', () => {
    expect([0, 1, 2, 3].map((a) => reconnectDelay(a, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(20, () => 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, () => 0)).toBe(RECONNECT_MAX_MS / 2);
  });
});
