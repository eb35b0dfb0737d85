import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeMedia, makePairedDevice, signedInUser, workspaceOf, type Owner } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, settledMedia, testClip, upload, uploadSettled } from '../../test/uploads';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-processing-'));
const mediaDir = path.join(dataDir, 'media');
const tmpDir = path.join(dataDir, 'tmp');
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * docs/media.md#processing and docs/benchmarks.md#targets: uploads answer once stored; thumbnails, durations and
 * posters come from a background queue.
 */
describe('media processing after the upload answered', () => {
  const t = useTestApp({
    dataDir,
    tv: {
      flushIntervalMs: 1000,
      offlineAfterMs: 45_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 0 },
    },
  });

  /** A row left 'processing' with its file in the store and no job: nothing processes it. */
  const leftProcessing = (owner: Owner, content: Buffer) =>
    makeMedia(t, { owner, content, originalName: 'antes.png', status: 'processing' });

  /** What a TV showing the playlist gets in its manifest. */
  async function pairedTv(owner: Owner, playlistId: number) {
    const { headers } = await makePairedDevice(t, { owner, playlists: [playlistId] });
    return async () =>
      (await t.app.inject({ method: 'GET', url: '/api/tv/content', headers })).json().windows[0].items as Array<{
        mediaId: number;
        sha256: string;
      }>;
  }

  it("answers 201 as 'processing' before the thumbnail exists, then the row becomes 'ready' and media.changed is announced", async () => {
    const { user, cookie } = await signedInUser(t.app, t.database);
    const res = await upload(t.app, cookie, { content: await noisePng(400, 300), filename: 'nova.png' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'processing', thumbnailUrl: null });
    const ready = await settledMedia(t.app, cookie, res.json().id);
    expect(ready).toMatchObject({ status: 'ready', thumbnailUrl: `/api/media/${ready.id}/thumbnail` });
    // Announced twice: uploaded (as 'processing'), then processed.
    const announced = () => t.events.filter((e) => e.type === 'media.changed' && e.mediaId === ready.id);
    await expect.poll(announced).toEqual([
      { type: 'media.changed', mediaId: ready.id, workspaceId: await workspaceOf(t.database, user.id) },
      { type: 'media.changed', mediaId: ready.id, workspaceId: await workspaceOf(t.database, user.id) },
    ]);
    expect((await t.app.inject({ method: 'GET', url: ready.thumbnailUrl!, headers: { cookie } })).statusCode).toBe(200);
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it("marks a file that cannot be read as media 'failed' and keeps it, with no thumbnail or duration", async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const storedBefore = filesUnder(mediaDir).length;
    const png = await noisePng(64, 64);
    // Right magic bytes, broken body: accepted by the sniffer, refused by the decoder.
    const cases = [
      { content: png.subarray(0, 200), filename: 'quebrado.png' },
      {
        content: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(2000, 7)]),
        filename: 'falso.mp4',
      },
    ];
    for (const file of cases) {
      const res = await upload(t.app, cookie, file);
      expect(res.statusCode, res.body).toBe(201);
      const item = await settledMedia(t.app, cookie, res.json().id);
      expect(item).toMatchObject({
        status: 'failed',
        thumbnailUrl: null,
        duration: null,
        size: file.content.length,
        sha256: sha256(file.content),
      });
      const kept = await t.app.inject({ method: 'GET', url: item.url, headers: { cookie } });
      expect(kept.statusCode).toBe(200);
      expect(kept.rawPayload.equals(file.content)).toBe(true);
    }
    // The two files and nothing else (no half-made thumbnail); no temp file left.
    expect(filesUnder(mediaDir).length).toBe(storedBefore + 2);
    expect(filesUnder(tmpDir)).toEqual([]);
  });

  it('lets a playlist take a media while it is processing; its TVs get it only once ready, in its final form', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { cookie } = owner;
    const stuck = await leftProcessing(owner, await noisePng(32, 32, 3)); // nothing processes it in this app
    const image = await uploadSettled(t.app, cookie, { content: await noisePng(32, 32, 4), filename: 'pronta.png' });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie },
        payload: {
          name: 'Vitrine',
          items: [
            { mediaId: stuck.id, duration: 5 },
            { mediaId: image.id, duration: 5 },
          ],
        },
      })
    ).json();
    expect(playlist.items).toHaveLength(2);
    const content = await pairedTv(owner, playlist.id);
    expect((await content()).map((i) => i.mediaId)).toEqual([image.id]);

    // An end-indexed MP4 is rewritten in the queue: the TV gets the rewrite's hash, never the upload's.
    const clip = await testClip('mp4');
    const res = await upload(t.app, cookie, { content: clip, filename: 'camera.mp4' });
    expect(res.statusCode).toBe(201);
    const items = [
      { mediaId: res.json().id, duration: 7 },
      { mediaId: image.id, duration: 5 },
    ];
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${playlist.id}`,
      headers: { cookie },
      payload: { name: 'Vitrine', items },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const video = await settledMedia(t.app, cookie, res.json().id);
    expect(video.status).toBe('ready');
    expect(video.sha256).not.toBe(sha256(clip));
    await eventually(async () => (await content()).length === 2, 'the TV gets the video');
    expect(await content()).toEqual([
      expect.objectContaining({ mediaId: video.id, sha256: video.sha256 }),
      expect.objectContaining({ mediaId: image.id }),
    ]);
    // The playlist's total follows the rewritten size.
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/playlists/${playlist.id}`, headers: { cookie } })
    ).json();
    expect(list.totalSize).toBe(video.size + image.size);
  });
  // A restart resuming the queued processing (and not scanning the rows): jobs/job-restart.test.ts.
});
