import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** What /download-app shows about the installable file: its real size and SHA-256. */
export interface ApkFacts {
  sizeBytes: number;
  sha256: string;
}

/**
 * The APK's facts, hashed once per version of the file: the result is kept until the file's size
 * or modification time changes (a new `npm run build:apk`), so the page's requests never re-read it.
 * Null when no path is configured or nothing is there.
 */
export function apkFileReader(apkPath: string | undefined) {
  let cached: { key: string; facts: Promise<ApkFacts | null> } | null = null;
  return async function facts(): Promise<ApkFacts | null> {
    if (!apkPath) return null;
    let info;
    try {
      info = await stat(apkPath);
    } catch {
      return null;
    }
    if (!info.isFile()) return null;
    const key = `${info.size}:${info.mtimeMs}`;
    if (cached?.key !== key) {
      const size = info.size;
      const facts = sha256Of(apkPath).then(
        (sha256) => ({ sizeBytes: size, sha256 }),
        () => null,
      );
      cached = { key, facts };
      // A file replaced mid-read gives a wrong answer once: forget it so the next request hashes again.
      void facts.then((value) => {
        if (value === null && cached?.facts === facts) cached = null;
      });
    }
    return cached.facts;
  };
}

function sha256Of(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
