import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { loadConfig } from '../../config';
import { DEFAULT_PASSWORD, makeUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

describe('forwarded addresses', () => {
  const t = useTestApp({ loginRateLimitPerMinute: 3 });
  const attempt = (remoteAddress: string, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `ninguem-${remoteAddress}@exemplo.com.br`, password: 'senha-errada-1' },
    });

  it('trusts only loopback by default', () => {
    expect(loadConfig({}, { dataDir: '/tmp' }).trustProxy).toBe('loopback');
  });

  it('a LAN client forging X-Forwarded-For does not get a fresh login budget', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt('10.1.2.3', `203.0.113.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('a proxy on loopback still tells its clients apart', async () => {
    const statuses = [];
    for (let i = 1; i <= 4; i++) statuses.push((await attempt('127.0.0.1', `198.51.100.${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
  });
});

describe('account lockout', () => {
  const t = useTestApp({ loginLockout: { failures: 3, windowMs: 15 * 60_000 } });
  let address = 0;
  // Each attempt from another address: the lockout is per email, not per address.
  const attempt = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `192.0.2.${++address % 250}`,
      payload: { email, password },
    });

  it('locks an email after repeated failures, even with the right password, with Retry-After', async () => {
    const user = await makeUser(t.database);
    for (let i = 0; i < 3; i++) expect((await attempt(user.email, 'senha-errada-1')).statusCode).toBe(401);
    const locked = await attempt(user.email, DEFAULT_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: messages.auth.accountLocked, code: 'RATE_LIMITED' });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Email case does not make a fresh account budget.
    expect((await attempt(user.email.toUpperCase(), DEFAULT_PASSWORD)).statusCode).toBe(429);
    // Another account from the same addresses is not affected.
    const other = await makeUser(t.database);
    expect((await attempt(other.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one (no account enumeration)', async () => {
    const user = await makeUser(t.database);
    const known = [];
    const unknown = [];
    for (let i = 0; i < 4; i++) {
      const k = await attempt(user.email, 'senha-errada-1');
      const u = await attempt('nao-existe@exemplo.com.br', 'senha-errada-1');
      known.push([k.statusCode, k.json(), k.headers['retry-after'] !== undefined]);
      unknown.push([u.statusCode, u.json(), u.headers['retry-after'] !== undefined]);
    }
    expect(unknown).toEqual(known);
    expect(known.map(([status]) => status)).toEqual([401, 401, 401, 429]);
  });

  it('a successful sign-in clears the failures', async () => {
    const user = await makeUser(t.database);
    for (let i = 0; i < 2; i++) expect((await attempt(user.email, 'senha-errada-1')).statusCode).toBe(401);
    expect((await attempt(user.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt(user.email, 'senha-errada-1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
