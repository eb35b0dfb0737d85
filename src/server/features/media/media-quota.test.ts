import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { makePlaylist, makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { filesUnder, noisePng, upload, uploadSettled } from '../../test/uploads';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-media-quota-'));
const mediaDir = path.join(dataDir, 'media');
// A small quota instead of 1 GiB: two ~77 KB images fit, a third does not.
const QUOTA = 200_000;
const storedNames = () =>
  filesUnder(mediaDir)
    .map((f) => path.basename(f))
    .sort();

describe('media storage quota', () => {
  const t = useTestApp({ dataDir, storageQuotaBytes: QUOTA });
  let seed = 0;
  const image = async () => ({ content: await noisePng(160, 160, ++seed), filename: `foto-${seed}.png` });
  const ids = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/media', headers: { cookie } }))
      .json()
      .map((m: { id: number }) => m.id);

  it("makes room by deleting the workspace's oldest media outside playlists (row, file and thumbnail); another workspace keeps its own", async () => {
    const bystander = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const untouched = await uploadSettled(t.app, bystander.cookie, await image());
    const { cookie } = await signedInUser(t.app, t.database);
    const a = await uploadSettled(t.app, cookie, await image());
    const b = await uploadSettled(t.app, cookie, await image());
    expect(a.size + b.size).toBeLessThan(QUOTA);

    const c = await upload(t.app, cookie, await image());
    expect(c.statusCode, c.body).toBe(201);
    expect(await ids(cookie)).toEqual([c.json().id, b.id]);
    const names = storedNames();
    expect(names.some((n) => n.startsWith(a.filename.slice(0, 36)))).toBe(false);
    expect(names).toContain(b.filename);
    expect(names).toContain(untouched.filename);
    expect(await ids(bystander.cookie)).toEqual([untouched.id]);
  });

  it("is one quota per workspace (docs/media.md#quota): a teammate's upload makes room from the workspace's oldest media", async () => {
    const first = await signedInUser(t.app, t.database);
    const teammate = await signedInUser(t.app, t.database);
    const other = await signedInUser(t.app, t.database, 'user', await makeWorkspace(t.database));
    const a = await uploadSettled(t.app, first.cookie, await image());
    const b = await uploadSettled(t.app, teammate.cookie, await image());
    // Another workspace's upload neither counts against this quota nor evicts from it.
    const elsewhere = await uploadSettled(t.app, other.cookie, await image());
    const usage = (
      await t.app.inject({ method: 'GET', url: '/api/media/usage', headers: { cookie: first.cookie } })
    ).json();
    expect(usage).toEqual({ usedBytes: a.size + b.size, quotaBytes: QUOTA, count: 2 });

    const c = await uploadSettled(t.app, teammate.cookie, await image());
    expect(await ids(first.cookie)).toEqual([c.id, b.id]);
    expect(await ids(teammate.cookie)).toEqual([c.id, b.id]);
    expect(await ids(other.cookie)).toEqual([elsewhere.id]);
  });

  it('never deletes media that a playlist uses: skips them, or refuses with 413 and deletes nothing', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { cookie } = owner;
    const a = await uploadSettled(t.app, cookie, await image());
    const b = await uploadSettled(t.app, cookie, await image());
    await makePlaylist(t, { owner, items: [a.id] });

    // a is older but in a playlist: b goes instead.
    const c = await uploadSettled(t.app, cookie, await image());
    expect(await ids(cookie)).toEqual([c.id, a.id]);

    await makePlaylist(t, { owner, items: [c.id] });
    const before = storedNames();
    const refused = await upload(t.app, cookie, await image());
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ message: messages.media.quotaExceeded, code: 'PAYLOAD_TOO_LARGE' });
    expect(await ids(cookie)).toEqual([c.id, a.id]);
    expect(storedNames()).toEqual(before);
    expect(filesUnder(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(storedNames()).not.toContain(b.filename);
  });

  it('refuses a file larger than the whole quota without touching anything', async () => {
    const { cookie } = await signedInUser(t.app, t.database);
    const a = (await upload(t.app, cookie, await image())).json();
    const huge = await upload(t.app, cookie, { content: await noisePng(300, 300), filename: 'enorme.png' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(messages.media.quotaExceeded);
    expect(await ids(cookie)).toEqual([a.id]);
  });

  it('decides parallel uploads one after the other: together they never exceed the quota', async () => {
    const owner = await signedInUser(t.app, t.database);
    const { cookie } = owner;
    const a = (await upload(t.app, cookie, await image())).json();
    await makePlaylist(t, { owner, items: [a.id] });
    const [b, c] = await Promise.all([upload(t.app, cookie, await image()), upload(t.app, cookie, await image())]);
    expect([b.statusCode, c.statusCode]).toEqual([201, 201]);
    const usage = (await t.app.inject({ method: 'GET', url: '/api/media/usage', headers: { cookie } })).json();
    expect(usage.usedBytes).toBeLessThanOrEqual(QUOTA);
    expect(usage).toMatchObject({ quotaBytes: QUOTA, count: 2 });
    expect(await ids(cookie)).toContain(a.id);
  });
});
