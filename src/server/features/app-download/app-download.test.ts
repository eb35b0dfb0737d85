import { createHash } from 'node:crypto';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-apk-'));
const apk = path.join(dir, 'sinalize-tv.apk');
// A zip's magic bytes and some padding: the server sends the file as it is.
const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4096, 7)]);
writeFileSync(apk, bytes);

describe('TV app download, no APK configured', () => {
  const t = useTestApp();

  it('tells the page there is no installer and where the player is, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/info', headers: { host: 'sinal.example.com.br' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      available: false,
      version: '1.2',
      sizeBytes: null,
      sha256: null,
      downloadUrl: 'http://sinal.example.com.br/api/app/download',
      playerUrl: 'http://sinal.example.com.br/player',
    });
  });

  it('uses the address the TV sees behind a trusted proxy', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/app/info',
      remoteAddress: '127.0.0.1',
      headers: { host: 'interno:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'sinal.example.com.br' },
    });
    expect(res.json().playerUrl).toBe('https://sinal.example.com.br/player');
    expect(res.json().downloadUrl).toBe('https://sinal.example.com.br/api/app/download');
  });

  it('answers the download with 404 JSON in pt-BR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/download' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.stringContaining('não está disponível') });
  });

  it('documents both routes in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/app/info'].get).toBeDefined();
    expect(doc.paths['/api/app/download'].get).toBeDefined();
  });
});

describe('TV app download, APK configured but missing', () => {
  const t = useTestApp({ appApkPath: path.join(dir, 'nao-existe.apk') });

  it('says unavailable and answers 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/app/info' })).json()).toMatchObject({
      available: false,
      sizeBytes: null,
      sha256: null,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/app/download' })).statusCode).toBe(404);
  });
});

describe('TV app download, APK present', () => {
  const t = useTestApp({ appApkPath: apk });

  it('reports its size and serves it as an Android package, without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/app/info' })).json()).toMatchObject({
      available: true,
      version: '1.2',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/app/download' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.android.package-archive');
    expect(res.headers['content-disposition']).toBe('attachment; filename="sinalize-tv-1.2.apk"');
    expect(Number(res.headers['content-length'])).toBe(bytes.length);
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });
});

describe('TV app download, APK rebuilt while the server runs', () => {
  const rebuilt = path.join(dir, 'rebuilt.apk');
  writeFileSync(rebuilt, bytes);
  const t = useTestApp({ appApkPath: rebuilt });

  it('reports the new size and checksum, not the ones it computed before', async () => {
    const first = (await t.app.inject({ method: 'GET', url: '/api/app/info' })).json();
    expect(first.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // `npm run build:apk` again: another file at the same path (and a later modification time).
    const next = Buffer.concat([bytes, Buffer.from('outra versão')]);
    writeFileSync(rebuilt, next);
    const later = new Date(Date.now() + 5000);
    utimesSync(rebuilt, later, later);
    const second = (await t.app.inject({ method: 'GET', url: '/api/app/info' })).json();
    expect(second).toMatchObject({ sizeBytes: next.length, sha256: createHash('sha256').update(next).digest('hex') });
    const res = await t.app.inject({ method: 'GET', url: '/api/app/download' });
    expect(res.rawPayload.equals(next)).toBe(true);
  });
});
