// Post-build step of `npm run build:web`: writes a Brotli (.br) and a gzip (.gz) copy next to every
// compressible file of dist/web, so the server sends them as they are (@fastify/static
// `preCompressed`) instead of compressing on each request or not at all.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(process.argv[2] ?? 'dist/web');
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.wasm',
]);
// Below this size the headers cost more than compression saves.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.has(path.extname(file)) || statSync(file).size < MIN_BYTES) continue;
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  // Keep a variant only when it is actually smaller.
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
  count++;
  before += data.length;
  after += Math.min(br.length, data.length);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `compress-web: ${count} files, ${kb(before)} → ${kb(after)} with Brotli (${path.relative(process.cwd(), root) || '.'})`,
);
