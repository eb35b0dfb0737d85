/**
 * One "Capturar tela" request, from the dialog's side (issue 15). The answer comes by other ways
 * than the request: the picture as the device's newer `screenshotAt` (a `device_changed`), a
 * failure as one more `device_screenshot_failed` for the device, or nothing at all (a TV switched
 * off since its last heartbeat), after `SCREENSHOT_WAIT_MS`.
 */
export type ScreenshotAttempt = {
  /** Tells this attempt's timer and answers from an earlier one's. */
  id: number;
  /** The device's failures counted when the request left: one more is this request's answer. */
  failuresBefore: number;
  /** The server's clock when it passed the request on (its 202); null until it answers. */
  requestedAt: string | null;
  /** The server's refusal (409: the TV is offline), or a failure to reach it, as text to show. */
  refused: string | null;
  /** The wait ran out with no answer. */
  timedOut: boolean;
};

export type ScreenshotPhase = 'waiting' | 'received' | 'failed' | 'timed-out' | 'refused';

export const startAttempt = (id: number, failuresBefore: number): ScreenshotAttempt => ({
  id,
  failuresBefore,
  requestedAt: null,
  refused: null,
  timedOut: false,
});

/**
 * Where an attempt stands, given what the page knows of the device now. A picture counts only once
 * the request's time is known and the picture is not older: a screenshot asked for earlier (by
 * someone else, or before) is not this one's answer.
 */
export function screenshotPhase(attempt: ScreenshotAttempt, latest: { screenshotAt: string | null; failures: number }): ScreenshotPhase {
  if (attempt.refused !== null) return 'refused';
  if (attempt.requestedAt !== null && latest.screenshotAt !== null && Date.parse(latest.screenshotAt) >= Date.parse(attempt.requestedAt)) return 'received';
  if (latest.failures > attempt.failuresBefore) return 'failed';
  return attempt.timedOut ? 'timed-out' : 'waiting';
}
