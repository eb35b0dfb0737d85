import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tvAppUpdateSchema } from '../../../contract/app-update';
import { tvHeaders } from '../../test/api-factories';
import { makePairedDevice } from '../../test/factories';
import { useTestApp } from '../../test/test-app';

// `GET /api/tv/app`, the app's update check (docs/tv-protocol.md#app-updates).
const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-app-update-'));
const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 9)]);
const sha256 = createHash('sha256').update(bytes).digest('hex');

/** An APK at a path of its own, with the metadata file the build writes beside it (or `meta` instead). */
function apkAt(name: string, meta?: string | null) {
  const apk = path.join(dir, `${name}.apk`);
  writeFileSync(apk, bytes);
  const written = JSON.stringify({ versionCode: 281, versionName: '0.1.0+281', sha256, size: bytes.length });
  if (meta !== null) writeFileSync(`${apk}.json`, meta ?? written);
  return apk;
}

const check = (t: ReturnType<typeof useTestApp>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/tv/app', headers });

describe('app update check, APK built with its metadata', () => {
  const t = useTestApp({ appApkPath: apkAt('built') });

  it("offers the build's version with the file's own hash, size and download path", async () => {
    const { headers } = await makePairedDevice(t);
    const res = await check(t, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    const body = tvAppUpdateSchema.parse(res.json());
    expect(body).toEqual({
      versionCode: 281,
      versionName: '0.1.0+281',
      sha256,
      size: bytes.length,
      url: '/api/app/download',
    });
    // The path it names serves those very bytes.
    const download = await t.app.inject({ method: 'GET', url: body.url });
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(sha256);
  });

  it('answers 401 without a TV token, or with one no TV holds', async () => {
    for (const headers of [{}, tvHeaders('nao-e-um-token')]) {
      const res = await check(t, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBeDefined();
    }
  });

  it('is in the OpenAPI document, with no 400 (it takes no input)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const op = doc.paths['/api/tv/app'].get;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '401', '404']);
  });
});

describe('app update check, metadata missing or for another file', () => {
  const cases = [
    ['no metadata file', apkAt('bare', null)],
    [
      'metadata of another build',
      apkAt('stale', JSON.stringify({ versionCode: 5, versionName: 'x', sha256: 'a'.repeat(64), size: 10 })),
    ],
    ['unreadable metadata', apkAt('broken', '{versionCode: 3')],
  ] as const;
  for (const [what, apk] of cases) {
    describe(what, () => {
      const t = useTestApp({ appApkPath: apk });
      it('still gives the hash and size, with no version (so no TV updates to it)', async () => {
        const { headers } = await makePairedDevice(t);
        const res = await check(t, headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          versionCode: null,
          versionName: null,
          sha256,
          size: bytes.length,
          url: '/api/app/download',
        });
      });
    });
  }
});

describe('app update check, no APK on the server', () => {
  const t = useTestApp({ appApkPath: path.join(dir, 'nao-existe.apk') });

  it('answers 404 in pt-BR to a paired TV', async () => {
    const { headers } = await makePairedDevice(t);
    const res = await check(t, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('não está disponível') });
  });

  it('still answers 401 first without a token', async () => {
    expect((await check(t)).statusCode).toBe(401);
  });
});
