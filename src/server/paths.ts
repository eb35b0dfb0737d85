import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found from this module's location both when run from source
 * (`src/server/...`) and from the bundle (`dist/server/main.js`).
 */
export const PROJECT_ROOT = (() => {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const marker = [`${path.sep}src${path.sep}server`, `${path.sep}dist${path.sep}server`].find((m) => here.includes(m));
  return marker ? here.slice(0, here.lastIndexOf(marker)) : process.cwd();
})();
