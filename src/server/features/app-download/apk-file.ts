import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { apkMetadataSchema, type ApkMetadata } from '../../../contract/app-update';

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

/**
 * The version `npm run build:apk` wrote next to the APK (`<apk>.json`), when it names this very file:
 * a metadata file left from another build, or an APK replaced by hand, has another hash and gives
 * null (no version, so no TV updates to a file nobody versioned). Read on each call: a few hundred
 * bytes, asked by each TV every 6 hours (docs/android.md#updates).
 */
export async function apkMetadata(apkPath: string | undefined, facts: ApkFacts): Promise<ApkMetadata | null> {
  if (!apkPath) return null;
  let text;
  try {
    text = await readFile(`${apkPath}.json`, 'utf8');
  } catch {
    return null;
  }
  let parsed;
  try {
    parsed = apkMetadataSchema.safeParse(JSON.parse(text));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const meta = parsed.data;
  return meta.sha256 === facts.sha256 && meta.size === facts.sizeBytes ? meta : null;
}
