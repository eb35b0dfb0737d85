import { adminServerMessageSchema } from '@contract/realtime';
import { describe, expect, it } from 'vitest';
import { isHandshake } from './handshake';

describe('isHandshake', () => {
  it('recognises the two greetings, which the message schema accepts as they are', () => {
    for (const message of [{ type: 'connected' }, { type: 'admin_auth_success' }]) {
      expect(isHandshake(message)).toBe(true);
      expect(adminServerMessageSchema.parse(message)).toEqual(message);
    }
  });

  it('leaves every other message (and anything malformed) to the schema', () => {
    for (const message of [
      { type: 'device_update', deviceId: 1 },
      { type: 'error', error: 'x' },
      { type: 'Connected' },
      {},
      null,
      'connected',
      42,
      [],
    ]) {
      expect(isHandshake(message)).toBe(false);
    }
  });
});
