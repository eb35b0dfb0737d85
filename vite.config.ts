import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3001'}`;
// Keep the browser's Host header so the server's same-origin (CSRF) check sees the page's origin.
const toApi = { target: apiTarget, changeOrigin: false };

/**
 * The landing page is a lazy chunk, so it would start downloading only after the entry ran. A
 * `modulepreload` of it (and of the chunks it imports) in index.html fetches it alongside the entry,
 * one round trip earlier (DESIGN §9: landing Lighthouse ≥ 0.95). Other routes pay ~10 KB once, cached.
 */
function preloadLandingChunk(): Plugin {
  return {
    name: 'sinalize:preload-landing',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        // The admin UI only: the TV player (src/player/index.html) never shows the landing page.
        if (!bundle || ctx.path !== '/index.html') return;
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const landing = chunks.find((c) => c.facadeModuleId?.endsWith('/features/marketing/pages/landing-page.tsx'));
        const entry = ctx.chunk ?? chunks.find((c) => c.isEntry);
        if (!landing || !entry) return;
        const loaded = new Set([entry.fileName, ...entry.imports]);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (loaded.has(fileName) || files.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        visit(landing.fileName);
        return [...files].map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const }));
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
  plugins: [react(), tailwindcss(), preloadLandingChunk(), playerPageAtPlayer()],
  resolve: {
    alias: {
      '@contract': path.resolve(import.meta.dirname, 'src/contract'),
      '@web': path.resolve(import.meta.dirname, 'src/web'),
    },
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
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
