import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { useTestApp, testConfig } from '../../test/test-app';

describe('system routes', () => {
  const t = useTestApp();

  it('reports health with the database checked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'ok', redis: 'absent' });
  });

  it('sends the security headers on every response and echoes a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'pedido-42' } });
    expect(res.headers['x-request-id']).toBe('pedido-42');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with 404 JSON in pt-BR', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Recurso não encontrado.', code: 'NOT_FOUND' });
  });

  it('documents every API route in the OpenAPI document and serves the interactive page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.0.3');
    const operations = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    for (const op of [
      'POST /api/auth/login',
      'POST /api/auth/logout',
      'GET /api/auth/me',
      'GET /api/users',
      'POST /api/users',
      'GET /api/users/{id}',
      'PUT /api/users/{id}',
      'DELETE /api/users/{id}',
      'GET /api/health',
    ]) {
      expect(operations).toContain(op);
    }
    expect(doc.components.schemas.User.properties).not.toHaveProperty('password');
    // Query strings are documented parameter by parameter (a named query schema once hid them all).
    const queryOf = (path: string) =>
      (doc.paths[path].get.parameters as Array<{ in: string; name: string }>)
        .filter((p) => p.in === 'query')
        .map((p) => p.name);
    expect(queryOf('/api/activities')).toEqual(
      expect.arrayContaining(['type', 'userId', 'from', 'to', 'search', 'before', 'limit']),
    );
    expect(queryOf('/api/reports')).toEqual(
      expect.arrayContaining(['from', 'to', 'deviceId', 'groupId', 'campaignId']),
    );

    const page = await t.app.inject({ method: 'GET', url: '/api-docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api-docs/assets/swagger-ui-bundle.js');
    const bundle = await t.app.inject({ method: 'GET', url: '/api-docs/assets/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    const outside = await t.app.inject({ method: 'GET', url: '/api-docs/assets/package.json' });
    expect(outside.statusCode).toBe(404);
  });
});

describe('serving the web app', () => {
  it('serves assets with long caching and index.html for every client route', async () => {
    const { getTestDatabase } = await import('../../test/test-database');
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'sinalize-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webRoot, 'assets', 'app-123.js'), 'console.log(1)');
    const app = await buildApp({ config: testConfig({ webRoot }), database: await getTestDatabase() });
    try {
      for (const route of ['/', '/login', '/dashboard', '/devices/edit/3', '/users', '/profile', '/qualquer/coisa']) {
        const res = await app.inject({ method: 'GET', url: route });
        expect(res.statusCode, route).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.inject({ method: 'GET', url: '/api/desconhecida' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toMatch(/application\/json/);
    } finally {
      await app.close();
    }
  });

  it('sends the pre-compressed variant of an asset that the client accepts, with the same caching', async () => {
    const { getTestDatabase } = await import('../../test/test-database');
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'sinalize-web-'));
    mkdirSync(path.join(webRoot, 'assets'));
    const source = `export const texto = "${'sinalização digital '.repeat(200)}";`;
    writeFileSync(path.join(webRoot, 'index.html'), `<!doctype html><div id="root"></div>${'<!-- -->'.repeat(100)}`);
    writeFileSync(path.join(webRoot, 'assets', 'landing-abc.js'), source);
    writeFileSync(path.join(webRoot, 'assets', 'landing-abc.js.br'), brotliCompressSync(source));
    writeFileSync(path.join(webRoot, 'assets', 'landing-abc.js.gz'), gzipSync(source));
    const app = await buildApp({ config: testConfig({ webRoot }), database: await getTestDatabase() });
    try {
      const br = await app.inject({
        method: 'GET',
        url: '/assets/landing-abc.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);

      const gz = await app.inject({
        method: 'GET',
        url: '/assets/landing-abc.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');

      const plain = await app.inject({ method: 'GET', url: '/assets/landing-abc.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(source);

      // index.html, sent for every client route, is compressed too.
      const page = await app.inject({
        method: 'GET',
        url: '/privacy-policy',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
      const refused = await app.inject({
        method: 'GET',
        url: '/privacy-policy',
        headers: { 'accept-encoding': 'br;q=0, gzip' },
      });
      expect(refused.headers['content-encoding']).toBe('gzip');
    } finally {
      await app.close();
    }
  });
});

describe('serving the TV player', () => {
  it('sends the player page for /player and /player/*, the admin page elsewhere, and a worker allowed to control /player', async () => {
    const { getTestDatabase } = await import('../../test/test-database');
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'sinalize-web-'));
    mkdirSync(path.join(webRoot, 'player'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>admin</title>');
    writeFileSync(path.join(webRoot, 'player', 'index.html'), '<!doctype html><title>player</title>');
    writeFileSync(path.join(webRoot, 'player', 'sw.js'), 'self.addEventListener("fetch", () => {});');
    const app = await buildApp({ config: testConfig({ webRoot }), database: await getTestDatabase() });
    try {
      for (const route of ['/player', '/player/', '/player?tv=1', '/player/qualquer/coisa']) {
        const res = await app.inject({ method: 'GET', url: route });
        expect(res.statusCode, route).toBe(200);
        expect(res.headers['content-type'], route).toMatch(/text\/html/);
        expect(res.headers['cache-control'], route).toBe('no-cache');
        expect(res.body, route).toContain('<title>player</title>');
      }
      for (const route of ['/', '/download-app', '/players', '/devices']) {
        expect((await app.inject({ method: 'GET', url: route })).body, route).toContain('<title>admin</title>');
      }
      const worker = await app.inject({ method: 'GET', url: '/player/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      expect(worker.headers['service-worker-allowed']).toBe('/player');
      // The same CSP as every page: scripts (and so workers) from this origin only.
      expect(worker.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await app.close();
    }
  });
});
