import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApiKeyPermissions } from '../../../contract/api-keys';
import { messages } from '../../../contract/messages';
import { hashToken } from '../../auth/tokens';
import { apiKeys, devices } from '../../db/schema';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { PUSH_IMAGE_EXAMPLE } from '../docs/api-key-example';
import { multipart, noisePng, solidJpeg, uploadSettled } from '../../test/uploads';

type Grant = Partial<ApiKeyPermissions>;

describe("API keys: Bearer calls act in the key's workspace with exactly its permissions", () => {
  const t = useTestApp();

  async function adminWithKey(permissions: Grant, workspaceId?: number) {
    const admin = await signedInUser(t.app, t.database, 'admin', workspaceId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie: admin.cookie },
      payload: { name: 'script', permissions },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as { id: number; key: string };
    return { ...admin, keyId: created.id, bearer: { authorization: `Bearer ${created.key}` } };
  }

  const device = (authCode: string) => ({ name: 'TV', location: 'Loja', resolution: '1920x1080', authCode });

  it('pushes a new image into a playlist from a script (the OpenAPI example), and the paired TV gets it', async () => {
    const a = await adminWithKey({ media: 'write', playlists: 'write' });
    const first = await uploadSettled(t.app, a.cookie, {
      content: await noisePng(8, 8, 1),
      filename: 'antiga.png',
      contentType: 'image/png',
    });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: a.cookie },
        payload: { name: 'Vitrine', items: [{ mediaId: first.id, duration: 8 }] },
      })
    ).json();
    const tv = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: a.cookie },
      payload: device('531246'),
    });
    expect(tv.statusCode, tv.body).toBe(201);
    const assigned = await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${tv.json().id}`,
      headers: { cookie: a.cookie },
      payload: { assignedPlaylistId1: playlist.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '531246' } })
    ).json().token as string;

    // 1. curl -F file=@promo.png /api/media/upload
    const { payload, headers } = multipart({
      content: await noisePng(8, 8, 2),
      filename: 'promo.png',
      contentType: 'image/png',
    });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...headers, ...a.bearer },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const mediaId = uploaded.json().id as number;
    // Rows made through a key belong to its workspace and are credited to the key's creator.
    expect(uploaded.json().userId).toBe(a.user.id);
    // 2. GET the playlist, 3. PUT it back with the new item appended (the jq step of the example).
    const current = await t.app.inject({ method: 'GET', url: `/api/playlists/${playlist.id}`, headers: a.bearer });
    expect(current.statusCode).toBe(200);
    const p = current.json();
    const body = {
      name: p.name,
      description: p.description,
      startDate: p.startDate,
      durationDays: p.durationDays,
      items: [
        ...p.items.map((i: { mediaId: number; duration: number }) => ({ mediaId: i.mediaId, duration: i.duration })),
        { mediaId, duration: 10 },
      ],
    };
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/playlists/${playlist.id}`,
      headers: { ...a.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(saved.statusCode, saved.body).toBe(200);

    expect(await manifestMediaIds(token, (ids) => ids.includes(mediaId))).toEqual([first.id, mediaId]);
  }, 60_000);

  async function manifestMediaIds(token: string, until: (ids: number[]) => boolean): Promise<number[]> {
    let ids: number[] = [];
    for (
      const deadline = Date.now() + 30_000;
      !until(ids) && Date.now() < deadline;
      await new Promise((r) => setTimeout(r, 50))
    ) {
      const manifest = await t.app.inject({
        method: 'GET',
        url: '/api/tv/content',
        headers: { authorization: `Bearer ${token}` },
      });
      ids = (manifest.json().windows[0]?.items ?? []).map((i: { mediaId: number }) => i.mediaId);
    }
    return ids;
  }

  it('the OpenAPI example script, run as written with curl and jq, puts the image on the TV', async () => {
    const a = await adminWithKey({ media: 'write', playlists: 'write' });
    const first = await uploadSettled(t.app, a.cookie, {
      content: await noisePng(8, 8, 3),
      filename: 'antiga.png',
      contentType: 'image/png',
    });
    const playlist = (
      await t.app.inject({
        method: 'POST',
        url: '/api/playlists',
        headers: { cookie: a.cookie },
        payload: { name: 'Vitrine', description: 'Loja', items: [{ mediaId: first.id, duration: 8 }] },
      })
    ).json();
    const tv = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: a.cookie },
        payload: device('542617'),
      })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/devices/${tv.id}`,
      headers: { cookie: a.cookie },
      payload: { assignedPlaylistId1: playlist.id },
    });
    const token = (
      await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '542617' } })
    ).json().token as string;

    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-script-'));
    writeFileSync(path.join(dir, 'promo.jpg'), await solidJpeg(64, 48));
    const script = PUSH_IMAGE_EXAMPLE.replace('SINALIZE=https://sinalize.example.com', `SINALIZE=${address}`)
      .replace('KEY=snz_...', `KEY=${a.bearer.authorization.slice(7)}`)
      .replace('PLAYLIST=7', `PLAYLIST=${playlist.id}`);
    await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], { cwd: dir, timeout: 30_000 });

    const items = (
      await t.app.inject({ method: 'GET', url: `/api/playlists/${playlist.id}`, headers: { cookie: a.cookie } })
    ).json().items as Array<{ mediaId: number; duration: number; media: { originalName: string } }>;
    expect(items.map((i) => [i.media.originalName, i.duration])).toEqual([
      ['antiga.png', 8],
      ['promo.jpg', 10],
    ]);
    expect(await manifestMediaIds(token, (ids) => ids.length === 2)).toEqual(items.map((i) => i.mediaId));
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.info.description).toContain(PUSH_IMAGE_EXAMPLE);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/media/upload'].post['x-api-key']).toBe('media');
    expect(doc.paths['/api/users'].get['x-api-key']).toBeUndefined();
  }, 60_000);

  it('a read-only key reads but cannot write (403, data unchanged); kinds it was not given are 403', async () => {
    const a = await adminWithKey({ devices: 'read' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: a.cookie },
      payload: device('612345'),
    });
    const before = await t.database.db.select().from(devices);

    expect((await t.app.inject({ method: 'GET', url: '/api/devices', headers: a.bearer })).json()).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/devices/${made.json().id}`, headers: a.bearer })).statusCode,
    ).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/devices', device('712345')],
      ['PATCH', `/api/devices/${made.json().id}`, { assignedPlaylistId1: null }],
      ['PUT', `/api/devices/${made.json().id}`, device('612345')],
      ['DELETE', `/api/devices/${made.json().id}`, undefined],
      ['POST', `/api/devices/${made.json().id}/disconnect`, undefined],
      ['GET', '/api/media', undefined],
      ['GET', '/api/stats', undefined],
      ['POST', '/api/device-groups', { name: 'G' }],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: a.bearer, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(messages.apiKeys.missingPermission);
    }
    expect(await t.database.db.select().from(devices)).toEqual(before);
  });

  it('never reaches user management, keys, the profile, sign-in or the TV routes (403)', async () => {
    const a = await adminWithKey({
      devices: 'write',
      groups: 'write',
      media: 'write',
      playlists: 'write',
      campaigns: 'write',
      stats: 'read',
    });
    const calls = [
      ['GET', '/api/users'],
      ['POST', '/api/users'],
      ['GET', `/api/users/${a.user.id}`],
      ['PUT', `/api/users/${a.user.id}`],
      ['DELETE', `/api/users/${a.user.id}`],
      ['GET', '/api/api-keys'],
      ['POST', '/api/api-keys'],
      ['PATCH', `/api/api-keys/${a.keyId}`],
      ['DELETE', `/api/api-keys/${a.keyId}`],
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/logout'],
      ['POST', '/api/auth/login'],
      ['POST', '/api/tv/heartbeat'],
    ] as const;
    for (const [method, url] of calls) {
      const res = await t.app.inject({
        method,
        url,
        headers: a.bearer,
        payload: { name: 'x', permissions: { media: 'read' }, isActive: false },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(messages.apiKeys.notForKeys);
    }
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(row!.isActive).toBe(true);
  });

  it('unknown, inactive, expired and removed keys are 401 JSON', async () => {
    const a = await adminWithKey({ devices: 'read' });
    const ok = () => t.app.inject({ method: 'GET', url: '/api/devices', headers: a.bearer });
    expect((await ok()).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/devices',
      headers: { authorization: `Bearer snz_${'x'.repeat(43)}` },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe(messages.apiKeys.invalidKey);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/api-keys/${a.keyId}`,
      headers: { cookie: a.cookie },
      payload: { isActive: false },
    });
    expect((await ok()).statusCode).toBe(401);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/api-keys/${a.keyId}`,
      headers: { cookie: a.cookie },
      payload: { isActive: true },
    });
    expect((await ok()).statusCode).toBe(200);

    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, a.keyId));
    const expired = await ok();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe(messages.apiKeys.invalidKey);
    await t.database.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(apiKeys.id, a.keyId));
    expect((await ok()).statusCode).toBe(200);

    await t.app.inject({ method: 'DELETE', url: `/api/api-keys/${a.keyId}`, headers: { cookie: a.cookie } });
    expect((await ok()).statusCode).toBe(401);
  });

  it("a key of workspace B sees none of A's things and cannot change them (404, data unchanged)", async () => {
    const a = await adminWithKey({ devices: 'write' });
    const mine = (
      await t.app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie: a.cookie },
        payload: device('812345'),
      })
    ).json();
    const b = await adminWithKey(
      { devices: 'write', media: 'write', playlists: 'write', groups: 'write', campaigns: 'write' },
      await makeWorkspace(t.database),
    );
    const before = await t.database.db.select().from(devices);

    expect((await t.app.inject({ method: 'GET', url: '/api/devices', headers: b.bearer })).json()).toEqual([]);
    for (const [method, url, payload] of [
      ['GET', `/api/devices/${mine.id}`, undefined],
      ['PATCH', `/api/devices/${mine.id}`, { assignedPlaylistId1: null }],
      ['PUT', `/api/devices/${mine.id}`, { ...device('812345'), name: 'Invadida' }],
      ['POST', `/api/devices/${mine.id}/disconnect`, undefined],
      ['DELETE', `/api/devices/${mine.id}`, undefined],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: b.bearer, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect(await t.database.db.select().from(devices)).toEqual(before);
  });

  it('a bearer call is not refused for its Origin (no cookie rides along); a cookie call still is', async () => {
    const a = await adminWithKey({ groups: 'write' });
    const foreign = { origin: 'https://outro-site.example' };
    const viaKey = await t.app.inject({
      method: 'POST',
      url: '/api/device-groups',
      headers: { ...a.bearer, ...foreign },
      payload: { name: 'Via chave' },
    });
    expect(viaKey.statusCode, viaKey.body).toBe(201);
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/device-groups',
      headers: { cookie: a.cookie, ...foreign },
      payload: { name: 'Via cookie' },
    });
    expect(viaCookie.statusCode).toBe(403);
    // With both, the bearer decides alone: a bad key is a 401 even with a valid session cookie.
    const both = await t.app.inject({
      method: 'GET',
      url: '/api/device-groups',
      headers: { cookie: a.cookie, authorization: 'Bearer snz_nada' },
    });
    expect(both.statusCode).toBe(401);
  });

  it('a TV whose random token happens to start like a key still plays (TV routes are not for keys)', async () => {
    const a = await signedInUser(t.app, t.database, 'admin');
    const tv = await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie: a.cookie },
      payload: device('642135'),
    });
    expect(tv.statusCode, tv.body).toBe(201);
    const paired = await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '642135' } });
    expect(paired.statusCode).toBe(200);
    // One pairing in about 16 million draws such a token: give this one that token directly.
    const token = `snz_${'x'.repeat(40)}`;
    await t.database.db
      .update(devices)
      .set({ tokenHash: hashToken(token) })
      .where(eq(devices.id, tv.json().id));
    const content = await t.app.inject({
      method: 'GET',
      url: '/api/tv/content',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(content.statusCode, content.body).toBe(200);
    const heartbeat = await t.app.inject({
      method: 'POST',
      url: '/api/tv/heartbeat',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(heartbeat.statusCode, heartbeat.body).toBe(200);
  });
});
