// Starts the built server for the e2e suite on a DATA_DIR wiped first, so every run begins empty.
import { rmSync } from 'node:fs';
import path from 'node:path';

if (!process.env.DATA_DIR) throw new Error('DATA_DIR is required');
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import(path.resolve('dist/server/main.js'));
