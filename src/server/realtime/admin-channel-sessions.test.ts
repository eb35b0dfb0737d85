import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, login, makeUser, signedInUser } from '../test/factories';
import { getTestDatabase } from '../test/test-database';
import { openAdminSocket } from '../test/admin-socket';
import { useTestApp } from '../test/test-app';

type AdminSocket = Awaited<ReturnType<typeof openAdminSocket>>;

const UPGRADE_HEADERS = {
  connection: 'Upgrade',
  upgrade: 'websocket',
  'sec-websocket-version': '13',
  'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
};

/** Still served: it answers admin_auth, and is open. */
async function answers(socket: AdminSocket): Promise<boolean> {
  await socket.roundTrip();
  return socket.ws.readyState === socket.ws.OPEN;
}

/** docs/api.md#admin-channel: a socket lives only as long as the session that opened it, and only for our own pages. */
describe('admin socket /ws and the end of its session', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  const t = useTestApp({ trustedOrigins: ['https://painel.exemplo.com.br'] });
  const open = (cookie: string, headers: Record<string, string> = {}) => openAdminSocket(t.app, cookie, headers);

  it('closes on logout, while another session of the same user keeps its socket', async () => {
    const user = await makeUser(t.database);
    const first = await login(t.app, user.email);
    const second = await login(t.app, user.email);
    const [a, b] = [await open(first), await open(second)];
    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: first } });
    await a.closed();
    expect(await answers(b)).toBe(true);
    b.ws.terminate();
  });

  it("closes the user's other sessions' sockets on a password change, not the changer's own", async () => {
    const user = await makeUser(t.database);
    const mine = await login(t.app, user.email);
    const other = await login(t.app, user.email);
    const [ownSocket, otherSocket] = [await open(mine), await open(other)];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      headers: { cookie: mine },
      payload: {
        username: user.username,
        email: user.email,
        password: 'outra-senha-456',
        currentPassword: DEFAULT_PASSWORD,
      },
    });
    expect(res.statusCode).toBe(200);
    await otherSocket.closed();
    expect(await answers(ownSocket)).toBe(true);
    ownSocket.ws.terminate();
  });

  it('closes when an admin changes the role of its user', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const demoted = await signedInUser(t.app, t.database, 'admin');
    const socket = await open(demoted.cookie);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${demoted.user.id}`,
      headers: { cookie: admin.cookie },
      payload: { username: demoted.user.username, email: demoted.user.email, role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    await socket.closed();
  });

  it('closes when its user is removed', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const removed = await signedInUser(t.app, t.database);
    const socket = await open(removed.cookie);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${removed.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(204);
    await socket.closed();
  });

  it('refuses an upgrade whose Origin is another site, and accepts its own and trusted origins', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const upgrade = (origin: string) =>
      t.app.inject({
        method: 'GET',
        url: '/ws',
        headers: { ...UPGRADE_HEADERS, cookie, origin, host: 'localhost:80' },
      });
    const foreign = await upgrade('https://atacante.exemplo');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/origem/i);
    // The page's own origin passes the check (injected without a real upgrade, the route then answers 404).
    expect((await upgrade('http://localhost:80')).statusCode).not.toBe(403);
    const socket = await open(cookie, { origin: 'https://painel.exemplo.com.br' });
    expect(await answers(socket)).toBe(true);
    socket.ws.terminate();
  });
});
