import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { noisePng, upload } from '../../test/uploads';

describe('upload rate limit', () => {
  const t = useTestApp({ uploadRateLimitPerMinute: 2 });

  it('limits uploads per session (429 JSON with Retry-After); another session has its own allowance', async () => {
    const png = await noisePng(8, 8);
    const first = await signedInUser(t.app, t.database);
    for (let i = 0; i < 2; i++)
      expect((await upload(t.app, first.cookie, { content: png, filename: 'a.png' })).statusCode).toBe(201);
    const limited = await upload(t.app, first.cookie, { content: png, filename: 'a.png' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ message: messages.media.uploadTooManyRequests, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const second = await signedInUser(t.app, t.database);
    expect((await upload(t.app, second.cookie, { content: png, filename: 'a.png' })).statusCode).toBe(201);
    // Listing is not an upload: not limited.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie: first.cookie } })).statusCode,
    ).toBe(200);
  });
});
