import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { devices } from '../../db/schema';
import { deviceBody, pairTv, tvHeaders } from '../../test/api-factories';
import { injectClient, makePairedDevice, makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { noisePng, uploadSettled } from '../../test/uploads';
import { eventually } from '../../test/eventually';
import { createMediaUrlSigner } from './signed-media';

/** docs/tv-protocol.md#manifest: a media URL is bound to the pairing it was signed for. */
describe('signed media URLs bound to the device', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });

  async function pairedWithMedia() {
    const owner = await signedInUser(t.app, t.database);
    const headers = { cookie: owner.cookie };
    const image = await uploadSettled(t.app, owner.cookie, {
      content: await noisePng(16, 16),
      filename: 'a.png',
      contentType: 'image/png',
    });
    const playlist = await makePlaylist(t, { owner, name: 'P', items: [{ mediaId: image.id, duration: 5 }] });
    const { device, token } = await makePairedDevice(t, { owner, playlists: [playlist.id] });
    const pair = () => pairTv(injectClient(t.app), device.authCode);
    const content = async (bearer: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(bearer) })).json();
    const url: string = (await content(token)).windows[0].items[0].url;
    return { headers, device, playlist, image, token, url, pair, content };
  }
  const status = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode;

  it('names the device in the URL, keeps it stable across manifest rebuilds, and refuses it for another device', async () => {
    const s = await pairedWithMedia();
    expect(s.url).toMatch(
      new RegExp(`^/api/tv/media/${s.image.id}\\?device=${s.device.id}&expires=\\d+&signature=[\\w-]+$`),
    );
    expect(await status(s.url)).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${s.playlist.id}`,
      headers: s.headers,
      payload: { name: 'P2', items: [{ mediaId: s.image.id, duration: 5 }] },
    });
    await eventually(async () => (await s.content(s.token)).windows[0].name === 'P2');
    expect((await s.content(s.token)).windows[0].items[0].url).toBe(s.url);
    // Same file, URL moved to another device: the signature no longer matches.
    const other = await pairedWithMedia();
    expect(await status(s.url.replace(`device=${s.device.id}`, `device=${other.device.id}`))).toBe(403);
  });

  it('stops working after Desconectar, and the next pairing gets new URLs', async () => {
    const s = await pairedWithMedia();
    await t.app.inject({ method: 'POST', url: `/api/devices/${s.device.id}/disconnect`, headers: s.headers });
    await eventually(async () => (await status(s.url)) === 403);
    const token = await s.pair();
    const url: string = (await s.content(token)).windows[0].items[0].url;
    expect(url).not.toBe(s.url);
    expect(await status(url)).toBe(200);
    expect(await status(s.url)).toBe(403);
  });

  it('stops working after a code change', async () => {
    const s = await pairedWithMedia();
    await t.app.inject({
      method: 'PUT',
      url: `/api/devices/${s.device.id}`,
      headers: s.headers,
      payload: deviceBody({ authCode: '500005' }),
    });
    await eventually(async () => (await status(s.url)) === 403);
  });

  it('stops working after the device is removed', async () => {
    const s = await pairedWithMedia();
    await t.app.inject({ method: 'DELETE', url: `/api/devices/${s.device.id}`, headers: s.headers });
    await eventually(async () => (await status(s.url)) === 403);
  });

  it("answers 404 to another workspace's TV, even with a URL signed for it", async () => {
    const s = await pairedWithMedia();
    const stranger = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const { device } = await makePairedDevice(t, { owner: stranger });
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, device.id));
    const signer = createMediaUrlSigner(t.config.sessionSecret);
    expect(await status(signer.url(s.image.id, device.id, row!.tokenHash))).toBe(404);
  });
});
