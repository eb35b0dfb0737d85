import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

/** Thrown when another live process has the embedded database open. */
export class DatabaseInUseError extends Error {
  constructor(
    readonly pid: number,
    file: string,
  ) {
    super(
      `O banco embutido está em uso pelo processo ${pid}: pare o servidor antes de rodar este comando (ou use DATABASE_URL). ` +
        `Se nenhum processo o estiver usando, apague ${file}.`,
    );
  }
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite is Postgres in this process: a second process opening the same directory (a server and
 * a `workspace:*` command) would write to it at once and corrupt it, and PGlite does not stop it.
 * So whoever opens `DATA_DIR/db` holds `DATA_DIR/db.lock` (its pid) until it closes; a lock whose
 * process is gone (killed) is taken over. Returns the release function.
 */
export function lockEmbeddedDatabase(dataDir: string): () => void {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(file, 'utf8').trim());
      // Our own pid is a lock left by a crash (a container's server is pid 1 on every start).
      if (pid && pid !== process.pid && isRunning(pid)) throw new DatabaseInUseError(pid, file);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take ${file}`);
}
