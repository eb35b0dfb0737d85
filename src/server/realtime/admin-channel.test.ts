import { describe, expect, it } from 'vitest';
import { makeMedia, makeWorkspace, signedInUser } from '../test/factories';
import { openAdminSocket } from '../test/admin-socket';
import { useTestApp } from '../test/test-app';

describe('admin realtime channel /ws', () => {
  const t = useTestApp();

  const connect = (cookie: string) => openAdminSocket(t.app, cookie);

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
    await next('connected');
    ws.send(JSON.stringify({ type: 'admin_auth' }));
    await next('admin_auth_success');
    ws.send('not json');
    expect(await next('error')).toEqual({ type: 'error', error: 'Mensagem inválida' });
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
    expect(await ownerIn!.next('playlist_update')).toEqual(update);
    expect(await teammateIn!.next('playlist_update')).toEqual(update);
    expect(await adminIn!.next('playlist_update')).toEqual(update);
    // An event goes to every socket in one pass: once the other company's have answered a later
    // message, they hold whatever they were sent.
    for (const c of [otherIn!, otherAdminIn!]) await c.roundTrip();
    expect(otherIn!.received.filter((m) => m.type === 'playlist_update')).toEqual([]);
    expect(otherAdminIn!.received.filter((m) => m.type === 'playlist_update')).toEqual([]);
    for (const c of [ownerIn, teammateIn, adminIn, otherIn, otherAdminIn]) c!.ws.terminate();
  });
});
