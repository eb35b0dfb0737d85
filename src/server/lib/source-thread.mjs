// A TypeScript thread run from source (tests, `npm run dev`): tsx compiles it here, in the thread,
// as it compiles the sources on the main thread. The bundled server starts the thread's own built
// file instead (lib/threads.ts, scripts/build-server.mjs), so tsx is never needed in production.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
