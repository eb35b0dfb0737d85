// Bundles the server into dist/server/main.js; npm packages stay external (installed in node_modules).
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

// The threads written in TypeScript (src/server/lib/threads.ts) are bundled too, each next to main.js.
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'feed-refresh-worker': 'src/server/features/content/feed-refresh-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});

// PGlite's thread (src/server/db/pglite-thread.ts) is loaded from next to the bundle, as written.
copyFileSync('src/server/db/pglite-worker.mjs', 'dist/server/pglite-worker.mjs');
