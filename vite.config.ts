import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { EARLY_API_PATHS, PRELOAD_GROUPS, type PreloadGroup } from './src/contract/pages.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;
// Keep the browser's Host header so the server's same-origin (CSRF) check sees the page's origin.
const toApi = { target: apiTarget, changeOrigin: false };

/** The lazy chunk each preload group starts from (src/contract/pages.ts says which paths get which). */
const PRELOAD_ROOTS: Record<PreloadGroup, string> = {
  landing: '/features/marketing/pages/landing-page.tsx',
  app: '/app/authenticated-area.tsx',
  dashboard: '/app/routes/dashboard-page.tsx',
};

/**
 * Each page is a lazy chunk, so it would start downloading only after the entry ran. `modulepreload`
 * links in index.html fetch it (and the chunks it imports) alongside the entry, one round trip
 * earlier (docs/benchmarks.md#targets: landing ≥ 0.95, dashboard ≥ 0.90). Every link carries its group
 * (`data-preload`), and the server sends each path only the groups it needs (`preloadGroupsFor`):
 * the landing's chunks for `/`, the signed-in area's (plus the dashboard's on `/dashboard`) elsewhere.
 */
function preloadRouteChunks(): Plugin {
  return {
    name: 'sinalize:preload-routes',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        // The admin UI only: the TV player (src/player/index.html) never shows these pages.
        if (!bundle || ctx.path !== '/index.html') return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const entry = ctx.chunk ?? chunks.find((c) => c.isEntry);
        if (!entry) return;
        const tags = [];
        // The entry's own imports are loaded anyway; the dashboard group goes with the app group.
        const loadedBy: Record<PreloadGroup, Set<string>> = {
          landing: new Set(),
          app: new Set(),
          dashboard: new Set(),
        };
        for (const group of PRELOAD_GROUPS) {
          const root = chunks.find((c) => c.facadeModuleId?.endsWith(PRELOAD_ROOTS[group]));
          if (!root) continue;
          const skip = new Set([entry.fileName, ...entry.imports, ...(group === 'dashboard' ? loadedBy.app : [])]);
          const files = loadedBy[group];
          const visit = (fileName: string) => {
            if (skip.has(fileName) || files.has(fileName)) return;
            files.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
          };
          visit(root.fileName);
          for (const file of files) {
            tags.push({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}`, 'data-preload': group },
              injectTo: 'head' as const,
            });
          }
        }
        // The signed-in area's first requests, after the entry and the stylesheet but ahead of the
        // area's chunks (the browser starts requests in document order, six at a time on HTTP/1.1):
        // the answers are in by the time the area has run. `use-credentials` is the credentials mode
        // of the app's fetch (api-client.ts), which then takes the preloaded answer.
        const early = EARLY_API_PATHS.map((href) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href, 'data-preload': 'app' },
          injectTo: 'head' as const,
        }));
        return [...early, ...tags];
      },
    },
  };
}

/**
 * The TV player is a second app (src/player/index.html): its page is written to `player/index.html`
 * (the server sends it for /player and /player/*) instead of mirroring its source path.
 */
function playerPageAtPlayer(): Plugin {
  return {
    name: 'sinalize:player-page',
    apply: 'build',
    // After vite's own HTML plugin has put the page in the bundle.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['src/player/index.html'];
      if (page?.type !== 'asset') return;
      delete bundle['src/player/index.html'];
      this.emitFile({ type: 'asset', fileName: 'player/index.html', source: page.source });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), preloadRouteChunks(), playerPageAtPlayer()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'src/contract'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Maps are written for the operator's debugging but not referenced by the scripts; the server
    // refuses *.map (src/server/http/web-app.ts), so the sources are not published.
    sourcemap: 'hidden',
    rollupOptions: {
      // The admin UI, the TV player, and the player's service worker at a stable, unhashed URL.
      input: { index: 'index.html', player: 'src/player/index.html', 'player-sw': 'src/player/sw.ts' },
      output: { entryFileNames: (chunk) => (chunk.name === 'player-sw' ? 'player/sw.js' : 'assets/[name]-[hash].js') },
    },
  },
  server: {
    proxy: {
      '/api': toApi,
      '/api-docs': toApi,
      '/ws': { ...toApi, ws: true },
    },
  },
});
