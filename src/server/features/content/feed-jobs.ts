import { setTimeout } from 'node:timers/promises';
import type { JobQueue } from '../../jobs/job-queue';
import type { FeedRefresher } from './feed-refresh-thread';
import { FEED_REFRESH_JOB, FEED_SCAN_JOB, queueDueFeeds, type FeedDeps } from './feed-service';

/**
 * The feeds' jobs (docs/content.md#feeds, docs/jobs.md): a pass every minute (one process of N
 * runs each slot) queues the feeds whose turn came, and each feed's refresh runs on its own, one
 * at a time per feed. A refresh is tried once: a feed that fails records why and is tried again at
 * its next turn, so the queue's retries would only fetch it sooner than asked. The refresh runs
 * where `refresher` runs it (on PostgreSQL, a thread of its own: feed-refresh-thread.ts); its
 * events are published here.
 */
export function registerFeedJobs(deps: Omit<FeedDeps, 'jobs'>, jobs: JobQueue, refresher: FeedRefresher) {
  const full = { ...deps, jobs };
  jobs.register(FEED_SCAN_JOB, {
    maxAttempts: 1,
    run: async () => {
      await queueDueFeeds(full);
    },
  });
  jobs.register(FEED_REFRESH_JOB, {
    maxAttempts: 1,
    // Background work, paced: one refresh at a time per process, and a pause before the next
    // (FEEDS_REFRESH_GAP_MS, 1 s by default), so hundreds of feeds due at once leave the event loop
    // to the TVs' requests; 500 feeds take about 9 minutes, within the default 15
    // (docs/content.md#refreshing, docs/benchmarks.md "Refreshing 500 feeds").
    concurrency: 1,
    run: async (job, { signal }) => {
      try {
        for (const event of await refresher.refresh(Number(job.payload.mediaId))) deps.bus.publish(event);
      } finally {
        await setTimeout(deps.feeds.refreshGapMs, undefined, { signal }).catch(() => undefined);
      }
    },
  });
  jobs.every(FEED_SCAN_JOB, deps.feeds.scanIntervalMs);
}
