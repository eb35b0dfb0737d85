import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { getTestDatabase } from '../test/test-database';

describe('transport and delivery headers', () => {
  // The first file a worker runs creates the worker's database: slow on a busy machine.
  beforeAll(async () => {
    await getTestDatabase();
  }, 180_000);
  it('sends Strict-Transport-Security only on answers served over https (as a trusted proxy says)', async () => {
    const app = await buildApp({ config: testConfig({ trustProxy: 'loopback' }), database: await getTestDatabase() });
    try {
      const viaProxy = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const errorViaProxy = await app.inject({
        method: 'GET',
        url: '/api/nada',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(errorViaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
      const plain = await app.inject({ method: 'GET', url: '/api/health' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // A client outside TRUST_PROXY cannot claim https for itself.
      const spoofed = await app.inject({
        method: 'GET',
        url: '/api/health',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await app.close();
    }
  }, 60_000);

  it('never serves source maps, compressed or not, while the scripts themselves are served', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'sinalize-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    mkdirSync(path.join(webRoot, 'player'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
    for (const file of [
      'assets/app-123.js.map',
      'assets/app-123.js.map.br',
      'assets/app-123.js.map.gz',
      'player/sw.js.map',
    ]) {
      writeFileSync(path.join(webRoot, file), '{"version":3,"sources":["src/web/secret.ts"]}');
    }
    const app = await buildApp({ config: testConfig({ webRoot }), database: await getTestDatabase() });
    try {
      expect((await app.inject({ method: 'GET', url: '/assets/app-123.js' })).statusCode).toBe(200);
      for (const url of [
        '/assets/app-123.js.map',
        '/assets/APP-123.JS.MAP',
        '/assets/app-123.js.map?x=1',
        '/player/sw.js.map',
        '/assets/app-123.js.map.br',
        '/assets/app-123.js%2Emap',
      ]) {
        for (const encoding of ['br, gzip', 'identity']) {
          const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
          expect(res.statusCode, url).toBe(404);
          expect(res.body).not.toContain('sources');
        }
      }
    } finally {
      await app.close();
    }
  }, 60_000);
});
