/** What the page and the service worker tell each other (postMessage). */
export interface CacheFile {
  sha256: string;
  /** The signed URL with the hash (`playableUrl`). */
  url: string;
  mimeType: string;
  size: number;
  /**
   * Named by its address, not by a hash of its bytes (a feed's picture: docs/content.md#offline):
   * the service worker keeps it, the Android app (which checks each file's hash) is not sent it.
   */
  keyedByUrl?: boolean;
}

export type PageToWorker =
  /** The files of the current manifest: fetch the missing ones, drop the rest. */
  | { type: 'sync'; files: CacheFile[] }
  /** Ask for a `cache-status`. */
  | { type: 'status' };

export type WorkerToPage = { type: 'cache-status'; cached: string[]; missing: string[] };
