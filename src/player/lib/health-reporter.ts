import type { HealthReport, PlaybackErrors } from '@contract/screen-health';
import { PlaybackErrorsRefusedError } from './device-api';

export type PlaybackError = PlaybackErrors['errors'][number];

/** One report a minute: the server's `HEALTH_REPORT_MIN_INTERVAL_MS` (not imported: no zod in the player's bundle). */
export const HEALTH_INTERVAL_MS = 60_000;
/** The first report, soon after the start: the cache and the storage estimate have had time to answer. */
export const HEALTH_FIRST_DELAY_MS = 5_000;
/** Errors kept for the server while it is out of reach (`PLAYBACK_ERRORS_BATCH_MAX`): the oldest go first. */
export const PLAYBACK_ERRORS_KEPT = 50;
/** A failure is sent this long after it happened, with the others of the same moment (both windows, a retry). */
export const PLAYBACK_ERRORS_DELAY_MS = 2_000;

export interface HealthReporterDeps {
  /** Today's values (health-report.ts), with the last error the reporter holds. */
  collect: (lastError: HealthReport['lastError']) => Promise<HealthReport>;
  sendReport: (report: HealthReport) => Promise<void>;
  sendErrors: (errors: PlaybackError[]) => Promise<void>;
  /** The server's clock in ms (the device's corrected by the manifest's offset): the errors' `at`. */
  now: () => number;
}

export interface HealthReporterOptions {
  intervalMs?: number;
  firstDelayMs?: number;
  maxErrors?: number;
  errorsDelayMs?: number;
}

/**
 * The TV's word about itself (docs/screen-health.md#the-player): a report soon after the start and
 * then once a minute, and the items that failed to play, kept (at most `maxErrors`, in memory) until
 * the server has them. A report that cannot go is not kept: the next one says the same, newer.
 */
export class HealthReporter {
  private lastError: HealthReport['lastError'] = null;
  private errors: PlaybackError[] = [];
  private interval: ReturnType<typeof setInterval> | undefined;
  private firstTimer: ReturnType<typeof setTimeout> | undefined;
  private errorsTimer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> | null = null;
  private stopped = false;
  private readonly options: Required<HealthReporterOptions>;

  constructor(
    private readonly deps: HealthReporterDeps,
    options: HealthReporterOptions = {},
  ) {
    this.options = {
      intervalMs: options.intervalMs ?? HEALTH_INTERVAL_MS,
      firstDelayMs: options.firstDelayMs ?? HEALTH_FIRST_DELAY_MS,
      maxErrors: options.maxErrors ?? PLAYBACK_ERRORS_KEPT,
      errorsDelayMs: options.errorsDelayMs ?? PLAYBACK_ERRORS_DELAY_MS,
    };
  }

  start() {
    this.firstTimer = setTimeout(() => {
      void this.tick();
      this.interval = setInterval(() => void this.tick(), this.options.intervalMs);
    }, this.options.firstDelayMs);
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.firstTimer);
    clearInterval(this.interval);
    clearTimeout(this.errorsTimer);
  }

  /** The errors not sent yet, oldest first (for tests and diagnostics). */
  pending(): readonly PlaybackError[] {
    return this.errors;
  }

  /** An item could not load or play: the report's `lastError`, and one more error for the server. */
  mediaFailed(mediaId: number, message: string) {
    if (this.stopped) return;
    const at = new Date(this.deps.now()).toISOString();
    const text = message.trim().slice(0, 500) || 'Falha ao reproduzir a mídia';
    this.lastError = { message: text, at };
    this.errors.push({ mediaId, message: text, at });
    if (this.errors.length > this.options.maxErrors) this.errors.splice(0, this.errors.length - this.options.maxErrors);
    if (this.errorsTimer === undefined)
      this.errorsTimer = setTimeout(() => {
        this.errorsTimer = undefined;
        void this.flush();
      }, this.options.errorsDelayMs);
  }

  /** Sends the kept errors now (the link is back); one batch at a time. */
  flush(): Promise<void> {
    if (this.stopped || this.errors.length === 0) return Promise.resolve();
    this.sending ??= this.sendErrors().finally(() => (this.sending = null));
    return this.sending;
  }

  private async sendErrors() {
    const batch = this.errors.slice(0, this.options.maxErrors);
    try {
      await this.deps.sendErrors(batch);
    } catch (error) {
      // Out of reach (or a server without the route yet): they wait for the next round.
      if (!(error instanceof PlaybackErrorsRefusedError)) return;
      // Refused as invalid: sent again it would be refused again, and would block the newer ones.
    }
    const sent = new Set(batch);
    this.errors = this.errors.filter((e) => !sent.has(e));
  }

  private async tick() {
    if (this.stopped) return;
    try {
      await this.deps.sendReport(await this.deps.collect(this.lastError));
    } catch {
      // No answer: the next minute's report says the same, newer.
    }
    await this.flush();
  }
}
