import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { DEFAULT_PASSWORD, login, makeUser, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

const newUser = {
  username: 'maria',
  email: 'maria@exemplo.com.br',
  phone: '',
  role: 'user',
  password: 'segredo-da-maria',
};

describe('users API', () => {
  const t = useTestApp();
  const asAdmin = () => signedInUser(t.app, t.database, 'admin');

  it('lets an admin list, create, read, update and delete users; passwords never leave the server', async () => {
    const { cookie } = await asAdmin();
    const created = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: newUser });
    expect(created.statusCode).toBe(201);
    const maria = created.json();
    expect(maria).toMatchObject({ username: 'maria', email: 'maria@exemplo.com.br', phone: null, role: 'user' });
    expect(Object.keys(maria).sort()).toEqual(['createdAt', 'email', 'id', 'phone', 'role', 'username']);

    const list = await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } });
    expect(list.json().map((u: { username: string }) => u.username)).toContain('maria');
    expect(list.body).not.toMatch(/password|scrypt/i);

    const read = await t.app.inject({ method: 'GET', url: `/api/users/${maria.id}`, headers: { cookie } });
    expect(read.json()).toEqual(maria);

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${maria.id}`,
      headers: { cookie },
      payload: {
        username: 'maria.silva',
        email: 'maria@exemplo.com.br',
        phone: '11 99999-0000',
        role: 'admin',
        password: '',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ username: 'maria.silva', phone: '11 99999-0000', role: 'admin' });
    // An empty password keeps the current one.
    await login(t.app, 'maria@exemplo.com.br', 'segredo-da-maria');

    const demoted = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${maria.id}`,
      headers: { cookie },
      payload: { username: 'maria.silva', email: 'maria@exemplo.com.br', role: 'user' },
    });
    expect(demoted.json().role).toBe('user');
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/users/${maria.id}`, headers: { cookie } });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `/api/users/${maria.id}`, headers: { cookie } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(messages.users.notFound);
  });

  it('validates the body with the pt-BR messages of docs/product.md#validation', async () => {
    const { cookie } = await asAdmin();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...newUser, username: '  ' }, messages.users.requiredFields.description],
      [{ ...newUser, email: '' }, messages.users.requiredFields.description],
      [{ ...newUser, email: 'nao-e-email' }, messages.auth.emailInvalid],
      [{ ...newUser, password: undefined }, messages.users.passwordRequired.description],
      [{ ...newUser, password: '' }, messages.users.passwordRequired.description],
      [{ ...newUser, password: 'curta' }, messages.users.passwordTooShort],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().message).toBe(message);
    }
    const badRole = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newUser, role: 'root' },
    });
    expect(badRole.statusCode).toBe(400);
    const badId = await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: { cookie } });
    expect(badId.statusCode).toBe(400);
  });

  it('answers 409 for a taken username or email, ignoring case', async () => {
    const { cookie } = await asAdmin();
    await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: newUser });
    const sameName = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newUser, username: 'MARIA', email: 'outra@exemplo.com.br' },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(messages.users.usernameTaken);
    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: { cookie },
      payload: { ...newUser, username: 'outra', email: 'Maria@Exemplo.com.br' },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(messages.users.emailTaken);
  });

  it('answers 401 on every route without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['GET', '/api/users/1'],
      ['PUT', '/api/users/1'],
      ['DELETE', '/api/users/1'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        payload: method === 'POST' || method === 'PUT' ? newUser : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('keeps list, create and delete for admins (403 for a regular user)', async () => {
    const other = await makeUser(t.database);
    const { cookie } = await signedInUser(t.app, t.database);
    expect((await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users', headers: { cookie }, payload: newUser })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: { cookie } })).statusCode,
    ).toBe(403);
  });

  it("hides another user's record from a regular user (404, never 403)", async () => {
    const other = await makeUser(t.database);
    const { cookie } = await signedInUser(t.app, t.database);
    const read = await t.app.inject({ method: 'GET', url: `/api/users/${other.id}`, headers: { cookie } });
    expect(read.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers: { cookie },
      payload: { username: 'invasor', email: other.email },
    });
    expect(write.statusCode).toBe(404);
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/999999', headers: { cookie } });
    expect(missing.statusCode).toBe(404);
  });

  it('lets a user update their own profile but not their role', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { username: 'novo.nome', email: 'novo@exemplo.com.br', phone: '21 3333-4444' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      username: 'novo.nome',
      email: 'novo@exemplo.com.br',
      phone: '21 3333-4444',
      role: 'user',
    });
    const promote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { username: 'novo.nome', email: 'novo@exemplo.com.br', role: 'admin' },
    });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(messages.users.cannotChangeRole);
  });

  it('changes the own password only with the right current password, and ends the other sessions', async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const otherDevice = await login(t.app, user.email);
    const base = { username: user.username, email: user.email };
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/users/${user.id}`,
        headers: { cookie },
        payload: { ...base, ...payload },
      });

    const missing = await put({ password: 'nova-senha-123' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(messages.profile.currentPasswordRequired.description);
    const wrong = await put({ password: 'nova-senha-123', currentPassword: 'nao-e-essa' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.profile.currentPasswordWrong);

    const right = await put({ password: 'nova-senha-123', currentPassword: DEFAULT_PASSWORD });
    expect(right.statusCode).toBe(200);
    await login(t.app, user.email, 'nova-senha-123');
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: DEFAULT_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: otherDevice } })).statusCode,
    ).toBe(401);
  });

  it("lets an admin reset someone else's password without knowing it", async () => {
    const { cookie } = await asAdmin();
    const user = await makeUser(t.database);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie },
      payload: { username: user.username, email: user.email, password: 'redefinida-123' },
    });
    expect(res.statusCode).toBe(200);
    await login(t.app, user.email, 'redefinida-123');
  });

  it('refuses to delete an admin and to demote the last admin', async () => {
    const { user: admin, cookie } = await asAdmin();
    const other = await makeUser(t.database, { role: 'admin' });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/users/${other.id}`, headers: { cookie } });
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(messages.users.adminCannotBeDeleted);

    const demoteOther = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${other.id}`,
      headers: { cookie },
      payload: { username: other.username, email: other.email, role: 'user' },
    });
    expect(demoteOther.statusCode).toBe(200);
    const demoteLast = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${admin.id}`,
      headers: { cookie },
      payload: { username: admin.username, email: admin.email, role: 'user' },
    });
    expect(demoteLast.statusCode).toBe(409);
  });

  it("keeps each admin to their workspace's users (docs/security.md#roles-and-tenancy): list, create, read, edit, delete, last admin", async () => {
    const a = await asAdmin();
    const aUser = await makeUser(t.database, { username: 'ana' });
    const elsewhere = await makeWorkspace(t.database);
    const b = await signedInUser(t.app, t.database, 'admin', elsewhere);
    const bCookie = { cookie: b.cookie };

    // A new user joins the creating admin's workspace; a username is unique within a workspace only.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bCookie,
      payload: { ...newUser, username: 'ANA', email: 'ana.b@exemplo.com.br' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/users', headers: bCookie }))
      .json()
      .map((u: { id: number }) => u.id);
    expect(listed.sort()).toEqual([b.user.id, created.json().id].sort());
    const aListed = (await t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: a.cookie } }))
      .json()
      .map((u: { id: number }) => u.id);
    expect(aListed.sort()).toEqual([a.user.id, aUser.id].sort());
    // Emails sign in, so they stay unique on the whole server.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers: bCookie,
      payload: { ...newUser, email: aUser.email },
    });
    expect(taken.statusCode).toBe(409);

    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { username: 'x', email: aUser.email, role: 'admin', password: 'invadida-123' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({ method, url: `/api/users/${aUser.id}`, headers: bCookie, payload });
      expect(res.statusCode, method).toBe(404);
      expect(res.json().message).toBe(messages.users.notFound);
    }
    await login(t.app, aUser.email);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/users/${aUser.id}`, headers: { cookie: a.cookie } })).json(),
    ).toMatchObject({ username: 'ana', role: 'user' });

    // B is the only admin of B's workspace: A's admins do not count.
    const demote = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${b.user.id}`,
      headers: bCookie,
      payload: { username: b.user.username, email: b.user.email, role: 'user' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe(messages.users.lastAdmin);
  });
});
