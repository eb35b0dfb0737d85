/** What the page and the service worker tell each other (postMessage). */
export interface CacheFile {
  sha256: string;
  /** The signed URL with the hash (`playableUrl`). */
  url: string;
  mimeType: string;
  size: number;
}

export type PageToWorker =
  /** The files of the current manifest: fetch the missing ones, drop the rest. */
  | { type: 'sync'; files: CacheFile[] }
  /** Ask for a `cache-status`. */
  | { type: 'status' };

export type WorkerToPage = { type: 'cache-status'; cached: string[]; missing: string[] };
