import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DeviceListCache } from '../features/devices/device-list-cache';
import type { TvModule } from '../features/tv/tv-module';
import type { JobQueue } from '../jobs/job-queue';
import type { Limiter } from '../limits/limiter';
import type { EventBus } from '../realtime/event-bus';
import type { MediaStore } from '../storage/media-store';

/**
 * What every route factory gets, built once by `buildApp`: the configuration and the app's
 * shared parts. A factory takes what it needs; its services keep their own narrower `*Deps`.
 */
export interface RouteDeps {
  config: Config;
  db: Db;
  /** Where services announce changes after committing. */
  bus: EventBus;
  store: MediaStore;
  /** Where abuse limits count (memory, or Redis shared by every process). */
  limiter: Limiter;
  /** The background job queue (docs/jobs.md): media processing, maintenance, what runs after an answer. */
  jobs: JobQueue;
  /** Where uploads are streamed before they are checked and stored (DATA_DIR/tmp). */
  tmpDir: string;
  /** The TVs' side: device tokens, manifests, presence, media URL signing. */
  tv: TvModule;
  /** `GET /api/devices` kept per workspace between changes. */
  deviceList: DeviceListCache;
  /** How the app waits a set time (a refused pairing's constant delay): a timer, or the tests' recorder. */
  sleep: (ms: number) => PromiseLike<unknown>;
}
