import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeGroup, makePairedDevice, makePlaylist, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, uploadSettled } from '../../test/uploads';
import { tvHeaders } from '../../test/api-factories';

/**
 * docs/security.md#roles-and-tenancy: what a user created belongs to the workspace. Removing the user (an employee who
 * leaves) keeps the company's screens, media and playlists, credited to the admin who removed
 * them; their TVs keep playing. Removing a whole workspace is `workspace-removal.test.ts`.
 */
describe('removing a user keeps what they created in the workspace', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-user-removal-'));
  const t = useTestApp({
    dataDir,
    tv: {
      flushIntervalMs: 40,
      offlineAfterMs: 60_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 },
    },
  });
  const stored = () => filesUnder(path.join(dataDir, 'media')).map((f) => path.basename(f));

  it('their device, media, playlist and group stay (credited to the admin), the TV keeps playing, their session ends', async () => {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const leaver = await signedInUser(t.app, t.database);
    const headers = { cookie: leaver.cookie };
    const image = await uploadSettled(t.app, leaver.cookie, {
      content: await noisePng(64, 48, 7),
      filename: 'vitrine.png',
    });
    const group = await makeGroup(t, { owner: leaver, name: 'Lojas' });
    const playlist = await makePlaylist(t, {
      owner: leaver,
      name: 'Vitrine',
      items: [{ mediaId: image.id, duration: 5 }],
    });
    const { device, token } = await makePairedDevice(t, { owner: leaver, groupId: group.id, playlists: [playlist.id] });
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).statusCode).toBe(
      200,
    );

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/users/${leaver.user.id}`,
      headers: { cookie: admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(204);

    const list = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: admin.cookie } })).json() as Array<{
        id: number;
        userId: number;
      }>;
    expect(await list('/api/devices')).toEqual([
      expect.objectContaining({ id: device.id, userId: admin.user.id, assignedPlaylistId1: playlist.id }),
    ]);
    expect(await list('/api/media')).toEqual([expect.objectContaining({ id: image.id, userId: admin.user.id })]);
    expect(await list('/api/playlists')).toEqual([expect.objectContaining({ id: playlist.id, userId: admin.user.id })]);
    expect(await list('/api/device-groups')).toEqual([
      expect.objectContaining({ id: group.id, userId: admin.user.id }),
    ]);
    const content = await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) });
    expect(content.statusCode).toBe(200);
    expect(content.json().windows[0].items).toHaveLength(1);
    expect(stored()).toContain(image.filename);
    expect(t.events.filter((e) => e.type === 'device.disconnected')).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });
});
