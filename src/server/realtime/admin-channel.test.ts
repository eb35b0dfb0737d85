import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { AdminServerMessage } from '../../contract/realtime';
import { makeMedia, makeWorkspace, signedInUser } from '../test/factories';
import { useTestApp } from '../test/test-app';

/** Collects what the server sends, and waits for messages matching a predicate. */
function listen(ws: WebSocket) {
  const received: AdminServerMessage[] = [];
  const waiters: Array<{ match: (m: AdminServerMessage) => boolean; resolve: (m: AdminServerMessage) => void }> = [];
  ws.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as AdminServerMessage;
    received.push(message);
    for (const w of waiters.filter((w) => w.match(message))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const next = (match: (m: AdminServerMessage) => boolean) =>
    new Promise<AdminServerMessage>((resolve, reject) => {
      const found = received.find(match);
      if (found) return resolve(found);
      waiters.push({ match, resolve });
      setTimeout(() => reject(new Error('no matching message within 3 s')), 3000);
    });
  return { received, next };
}

describe('admin realtime channel /ws', () => {
  const t = useTestApp();

  /** Opens the socket with listeners attached before the first message can arrive. */
  const connect = async (cookie: string) => {
    let listener: ReturnType<typeof listen> | undefined;
    const ws = await t.app.injectWS(
      '/ws',
      { headers: { cookie } },
      { onInit: (socket) => void (listener = listen(socket)) },
    );
    return { ws, ...listener! };
  };

  it('refuses an upgrade without a session', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ws',
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('greets, answers admin_auth, and reports unknown messages as errors', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const { ws, next } = await connect(cookie);
    await next((m) => m.type === 'connected');
    ws.send(JSON.stringify({ type: 'admin_auth' }));
    await next((m) => m.type === 'admin_auth_success');
    ws.send('not json');
    expect(await next((m) => m.type === 'error')).toEqual({ type: 'error', error: 'Mensagem inválida' });
    ws.terminate();
  });

  it("delivers an event to everyone in the resource's workspace, never to another workspace (its admin included)", async () => {
    const owner = await signedInUser(t.app, t.database);
    const teammate = await signedInUser(t.app, t.database);
    const admin = await signedInUser(t.app, t.database, 'admin');
    const elsewhere = await makeWorkspace(t.database);
    const other = await signedInUser(t.app, t.database, 'user', elsewhere);
    const otherAdmin = await signedInUser(t.app, t.database, 'admin', elsewhere);
    const [ownerIn, teammateIn, adminIn, otherIn, otherAdminIn] = await Promise.all(
      [owner, teammate, admin, other, otherAdmin].map((u) => connect(u.cookie)),
    );

    const item = await makeMedia(t, { userId: owner.user.id });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/playlists',
      headers: { cookie: owner.cookie },
      payload: { name: 'P', items: [{ mediaId: item.id, duration: 5 }] },
    });
    const update = { type: 'playlist_update', playlistId: created.json().id };
    expect(await ownerIn!.next((m) => m.type === 'playlist_update')).toEqual(update);
    expect(await teammateIn!.next((m) => m.type === 'playlist_update')).toEqual(update);
    expect(await adminIn!.next((m) => m.type === 'playlist_update')).toEqual(update);
    // An event goes to every socket in one pass: once the other company's have answered a later
    // message, they hold whatever they were sent.
    for (const c of [otherIn!, otherAdminIn!]) {
      c.ws.send(JSON.stringify({ type: 'admin_auth' }));
      await c.next((m) => m.type === 'admin_auth_success');
    }
    expect(otherIn!.received.filter((m) => m.type === 'playlist_update')).toEqual([]);
    expect(otherAdminIn!.received.filter((m) => m.type === 'playlist_update')).toEqual([]);
    for (const c of [ownerIn, teammateIn, adminIn, otherIn, otherAdminIn]) c!.ws.terminate();
  });
});
