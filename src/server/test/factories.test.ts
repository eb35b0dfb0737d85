import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  makeApiKey,
  makeCampaign,
  makeDevice,
  makeGroup,
  makeMedia,
  makePairedDevice,
  makePlaylist,
  makeWorkspace,
  signedInUser,
} from './factories';
import { useTestApp } from './test-app';

/** The factories make valid things, with their parents, that the product then serves like any other. */
describe('test factories', () => {
  const t = useTestApp();
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('without parents, put everything in the default workspace, where its users see it', async () => {
    const group = await makeGroup(t);
    const playlist = await makePlaylist(t);
    const device = await makeDevice(t, { groupId: group.id, playlists: [playlist.id] });
    const campaign = await makeCampaign(t, { playlistId: playlist.id, deviceIds: [device.id] });
    const { cookie } = await signedInUser(t.app, t.database);

    expect((await get('/api/device-groups', { cookie })).json()).toEqual([group]);
    expect((await get('/api/devices', { cookie })).json()).toEqual([device]);
    expect(device).toMatchObject({ groupId: group.id, assignedPlaylistId1: playlist.id, paired: false });
    expect((await get(`/api/playlists/${playlist.id}`, { cookie })).json()).toEqual(playlist);
    expect(playlist.items).toHaveLength(1);
    expect((await get('/api/campaigns', { cookie })).json()).toEqual([campaign]);
    expect((await get('/api/media', { cookie })).json()).toHaveLength(1);
  });

  it('make a media item whose file is in the store, as its row says', async () => {
    const owner = await signedInUser(t.app, t.database);
    const content = Buffer.from('conteudo de teste');
    const item = await makeMedia(t, { owner, content, mimeType: 'video/mp4', duration: 3 });
    const file = await get(`/api/media/${item.id}/file`, { cookie: owner.cookie });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(content);
    expect(item).toMatchObject({
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      status: 'ready',
      duration: 3,
    });
  });

  it('keep what they make in the workspace named, and away from the default one', async () => {
    const workspaceId = await makeWorkspace(t.database);
    await makeDevice(t, { workspaceId });
    const { cookie } = await signedInUser(t.app, t.database);
    expect((await get('/api/devices', { cookie })).json()).toEqual([]);
    const theirs = await signedInUser(t.app, t.database, 'user', workspaceId);
    expect((await get('/api/devices', { cookie: theirs.cookie })).json()).toHaveLength(1);
  });

  it('pair a TV that then gets its manifest, and make a working API key', async () => {
    const playlist = await makePlaylist(t);
    const { device, headers } = await makePairedDevice(t, { playlists: [playlist.id] });
    expect(device.paired).toBe(true);
    const content = await get('/api/tv/content', headers);
    expect(content.statusCode).toBe(200);
    expect(content.json().windows[0].playlistId).toBe(playlist.id);

    const { key } = await makeApiKey(t, { permissions: { devices: 'read' } });
    expect((await get('/api/devices', { authorization: `Bearer ${key}` })).json()).toEqual([device]);
  });
});
