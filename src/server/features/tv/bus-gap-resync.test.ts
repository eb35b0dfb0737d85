import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices, playlistItems } from '../../db/schema';
import { eventually } from '../../test/eventually';
import { makePairedDevice, makePlaylist, userWithSession } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { openTvSocket } from '../../test/tv-socket';

/**
 * A process that missed bus events (a Redis gap; docs/scaling.md, "When PostgreSQL or Redis goes
 * away", issue 28): the changes were made in the database by another process and no event came.
 * `resyncKeptAnswers` (what main.ts calls once the bus is back) must tell the TVs held here.
 */
describe('resync after a bus gap', () => {
  const t = useTestApp();

  it("tells a TV whose manifest moved on its socket, and closes a revoked TV's socket with 4001", async () => {
    const owner = await userWithSession(t.database);
    const playlist = await makePlaylist(t, { owner });
    const shown = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const revoked = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const tv = await openTvSocket(t.app, shown.token);
    const other = await openTvSocket(t.app, revoked.token);
    let closedWith = 0;
    other.socket.on('close', (code) => (closedWith = code));
    const before = (await tv.content()).headers.etag;

    // Another process's writes, whose events this one never heard.
    await t.database.db.update(playlistItems).set({ duration: 31 }).where(eq(playlistItems.playlistId, playlist.id));
    await t.database.db.update(devices).set({ tokenHash: null }).where(eq(devices.id, revoked.device.id));
    await tv.roundTrip();
    expect(tv.pushes()).toEqual([]);
    expect(closedWith).toBe(0);

    t.app.resyncKeptAnswers();
    await eventually(() => tv.pushes().some((m) => m.type === 'manifest'), 'the manifest pushed');
    const [pushed, ...rest] = tv.pushes();
    expect(rest).toEqual([]);
    const fresh = await tv.content(before as string);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe(`"${pushed!.manifest!.version}"`);
    expect(fresh.json().windows[0].items[0].duration).toBe(31);

    await eventually(() => closedWith === 4001, "the revoked TV's socket closed");
    expect(other.pushes().map((m) => m.type)).toEqual(['disconnect']);
    expect((await other.content()).statusCode).toBe(401);
  });
});
