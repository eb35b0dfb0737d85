import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-app';
import { getTestDatabase } from '../test/test-database';

// The shape vite.config.ts (preloadRouteChunks) writes: one tagged link per preloaded chunk.
const INDEX = `<!doctype html>
<html>
  <head>
    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me" data-preload="app">
    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/devices" data-preload="app">
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="modulepreload" crossorigin href="/assets/landing-page-1.js" data-preload="landing">
    <link rel="modulepreload" crossorigin href="/assets/public-layout-1.js" data-preload="landing">
    <link rel="modulepreload" crossorigin href="/assets/authenticated-area-1.js" data-preload="app">
    <link rel="modulepreload" crossorigin href="/assets/dashboard-page-1.js" data-preload="dashboard">
  </head>
  <body><div id="root"></div></body>
</html>`;

const preloads = (html: string) => [...html.matchAll(/(?:href|src)="\/assets\/([a-z-]+)-1\.js"/g)].map((m) => m[1]);
const apiPreloads = (html: string) => [...html.matchAll(/as="fetch"[^>]*href="([^"]+)"/g)].map((m) => m[1]);

describe('index.html preloads the chunks of the page asked for', () => {
  it('the landing chunks on /, the signed-in area (and the dashboard) elsewhere, nothing on the other public pages', async () => {
    const webRoot = mkdtempSync(path.join(os.tmpdir(), 'sinalize-web-'));
    writeFileSync(path.join(webRoot, 'index.html'), INDEX);
    const app = await buildApp({ config: testConfig({ webRoot }), database: await getTestDatabase() });
    try {
      const page = async (url: string, encoding?: string) => {
        const res = await app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });
        expect(res.statusCode, url).toBe(200);
        return encoding === 'br' ? brotliDecompressSync(res.rawPayload).toString('utf8') : res.body;
      };
      expect(preloads(await page('/'))).toEqual(['index', 'react', 'landing-page', 'public-layout']);
      expect(preloads(await page('/dashboard'))).toEqual(['index', 'react', 'authenticated-area', 'dashboard-page']);
      expect(preloads(await page('/dashboard?x=1', 'br'))).toEqual([
        'index',
        'react',
        'authenticated-area',
        'dashboard-page',
      ]);
      expect(preloads(await page('/devices/edit/3'))).toEqual(['index', 'react', 'authenticated-area']);
      expect(preloads(await page('/qualquer/coisa', 'br'))).toEqual(['index', 'react', 'authenticated-area']);
      for (const url of ['/login', '/privacy-policy', '/terms-of-service', '/download-app'])
        expect(preloads(await page(url)), url).toEqual(['index', 'react']);
      // The session and the device list are asked for by the page itself on a private path only.
      for (const url of ['/dashboard', '/devices/edit/3', '/qualquer/coisa'])
        expect(apiPreloads(await page(url)), url).toEqual(['/api/auth/me', '/api/devices']);
      for (const url of ['/', '/login', '/privacy-policy']) expect(apiPreloads(await page(url)), url).toEqual([]);
      // Only the removed lines go: the rest of the page is byte for byte the build's.
      expect(await page('/')).toBe(INDEX.replace(/ *<link[^>]*data-preload="(app|dashboard)"[^>]*>\n/g, ''));
    } finally {
      await app.close();
    }
  });
});
