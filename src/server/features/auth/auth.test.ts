import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { defaultWorkspace, DEFAULT_PASSWORD, login, makeUser, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { verifyPassword } from '../../auth/passwords';
import { ensureFirstAdmin, findUserByEmail } from '../users/user-service';

describe('auth', () => {
  const t = useTestApp();

  it('signs in with email and password, sets an httpOnly session cookie and returns the user without password', async () => {
    const user = await makeUser(t.database);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email.toUpperCase(), password: DEFAULT_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user,
      workspace: { id: await defaultWorkspace(t.database), name: 'Empresa de teste', timeZone: 'America/Sao_Paulo' },
    });
    expect(res.body).not.toMatch(/password/i);
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie!.value.length).toBeGreaterThanOrEqual(40);
  });

  it('answers 401 with the pt-BR message for a wrong password and for an unknown email', async () => {
    const user = await makeUser(t.database);
    for (const payload of [
      { email: user.email, password: 'errada-errada' },
      { email: 'ninguem@exemplo.com.br', password: DEFAULT_PASSWORD },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: messages.auth.loginFailure.description });
      expect(res.cookies).toHaveLength(0);
    }
  });

  it('answers 400 JSON for a bad body', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe(messages.auth.emailRequired);
    expect(body.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['email', 'password']);

    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('JSON inválido no corpo da requisição.');
  });

  it('GET /api/auth/me returns the session user and their workspace, and 401 without a session', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json()).toEqual({
      user,
      workspace: { id: await defaultWorkspace(t.database), name: 'Empresa de teste', timeZone: 'America/Sao_Paulo' },
    });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ message: messages.auth.unauthenticated, code: 'UNAUTHENTICATED' });
  });

  it('logout ends the session on the server', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });

  it('never trusts x-user-id: identity comes from the session alone', async () => {
    const admin = await makeUser(t.database, { role: 'admin' });
    const { cookie } = await signedInUser(t.app, t.database);
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { cookie, 'x-user-id': String(admin.id) },
    });
    expect(asAdmin.statusCode).toBe(403);
    const noSession = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { 'x-user-id': String(admin.id) },
    });
    expect(noSession.statusCode).toBe(401);
  });

  it('refuses state-changing requests from another site (CSRF) and accepts same-origin ones', async () => {
    const user = await makeUser(t.database);
    const payload = { email: user.email, password: DEFAULT_PASSWORD };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://malicioso.example', host: 'localhost:3000' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe(messages.auth.crossSite);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:3000', host: 'localhost:3000' },
      payload,
    });
    expect(same.statusCode).toBe(200);
  });

  it('creates the first workspace and its admin only on an empty database', async () => {
    const created = await ensureFirstAdmin(t.database.db, {
      email: 'Chefe@Empresa.com.br',
      password: 'senha-do-chefe',
      workspaceName: 'Padaria Central',
    });
    expect(created).toEqual({
      email: 'chefe@empresa.com.br',
      workspace: { id: expect.any(Number), name: 'Padaria Central', timeZone: 'America/Sao_Paulo' },
      generatedPassword: undefined,
    });
    const row = await findUserByEmail(t.database.db, 'chefe@empresa.com.br');
    expect(row).toMatchObject({ role: 'admin', username: 'admin', workspaceId: created!.workspace.id });
    expect(await verifyPassword('senha-do-chefe', row!.passwordHash)).toBe(true);
    expect(await ensureFirstAdmin(t.database.db, {})).toBeNull();
    const cookie = await login(t.app, 'chefe@empresa.com.br', 'senha-do-chefe');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(me.json().workspace).toEqual({
      id: created!.workspace.id,
      name: 'Padaria Central',
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('generates and reports a password when none is configured; the workspace is "Minha empresa" unless named', async () => {
    const created = await ensureFirstAdmin(t.database.db, {});
    expect(created?.generatedPassword).toMatch(/^[\w-]{16}$/);
    expect(created).toMatchObject({ workspace: { name: 'Minha empresa' } });
    await login(t.app, created!.email, created!.generatedPassword);
  });

  it('two starts at once on one database create one workspace and one admin', async () => {
    const both = await Promise.all([
      ensureFirstAdmin(t.database.db, { password: 'senha-um-1' }),
      ensureFirstAdmin(t.database.db, { password: 'senha-dois-2' }),
    ]);
    expect(both.filter((c) => c !== null)).toHaveLength(1);
    const { rows } = (await t.database.db.execute(
      sql`select (select count(*) from workspaces)::int as w, (select count(*) from users)::int as u`,
    )) as unknown as { rows: Array<{ w: number; u: number }> };
    expect(rows[0]).toEqual({ w: 1, u: 1 });
  });
});

describe('sign-in rate limit', () => {
  const t = useTestApp({ loginRateLimitPerMinute: 3 });

  it('answers 429 with Retry-After once an address exceeds the limit, whatever X-Forwarded-For it claims', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 4; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        // A client on a public address cannot pose as a proxy to rotate its apparent address.
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: 'x@exemplo.com.br', password: 'qualquer-uma' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.json()).toMatchObject({ message: messages.auth.tooManyAttempts, code: 'RATE_LIMITED' });
  });
});
