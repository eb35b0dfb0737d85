// Bundles the server into dist/server/main.js; npm packages stay external (installed in node_modules).
import { copyFileSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
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
