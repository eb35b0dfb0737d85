import type { Manifest } from '@contract/tv';
import { nextPlanCheck, planKey, planScreen, type ScreenPlan } from './screen-plan';

/** Timers are capped so a device clock that jumps (NTP, a TV waking up) is noticed within a minute. */
const MAX_WAIT_MS = 60_000;

/** The server's clock minus ours, from a `serverTime` received at `receivedAt` (our clock); null if unreadable. */
export function clockOffsetOf(serverTime: unknown, receivedAt: number): number | null {
  const server = typeof serverTime === 'string' ? Date.parse(serverTime) : NaN;
  return Number.isFinite(server) ? server - receivedAt : null;
}

/**
 * Decides what the screen plays, by itself and on time (docs/scheduling.md): the plan is taken on the
 * device's clock corrected by the server's, again at the next instant it may change, and whenever
 * the manifest, the offset or the page's visibility changes. It needs no network: a stored
 * manifest keeps switching offline. It reports only real changes (and every new manifest).
 */
export class ScreenScheduler {
  private manifest: Manifest | null = null;
  private key: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly onPlan: (plan: ScreenPlan) => void,
    private offsetMs = 0,
  ) {}

  /** Our clock corrected by the server's. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  setManifest(manifest: Manifest | null) {
    if (manifest === this.manifest) return;
    this.manifest = manifest;
    this.key = null;
    this.decide();
  }

  setOffset(offsetMs: number) {
    if (offsetMs === this.offsetMs) return;
    this.offsetMs = offsetMs;
    this.decide();
  }

  /** The page was hidden or the device slept: timers may have stood still meanwhile. */
  recheck() {
    this.decide();
  }

  dispose() {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  private decide() {
    clearTimeout(this.timer);
    if (this.disposed || !this.manifest) return;
    const now = this.now();
    const plan = planScreen(this.manifest, now);
    const key = planKey(plan);
    if (key !== this.key) {
      this.key = key;
      this.onPlan(plan);
    }
    const wait = nextPlanCheck(this.manifest, now).getTime() - now.getTime();
    this.timer = setTimeout(() => this.decide(), Math.min(Math.max(0, wait), MAX_WAIT_MS));
  }
}
