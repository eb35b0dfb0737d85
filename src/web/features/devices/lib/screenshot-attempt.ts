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
  /**
   * The device's picture when the request left: any other one is newer, so it answers. Compared as
   * a value, not with the 202's time: the picture is stamped by the process that took the upload,
   * whose clock may differ from the one that passed the request on.
   */
  screenshotBefore: string | null;
  /** The server's refusal (409: the TV is offline), or a failure to reach it, as text to show. */
  refused: string | null;
  /** The wait ran out with no answer. */
  timedOut: boolean;
};

export type ScreenshotPhase = 'waiting' | 'received' | 'failed' | 'timed-out' | 'refused';

export const startAttempt = (
  id: number,
  latest: { screenshotAt: string | null; failures: number },
): ScreenshotAttempt => ({
  id,
  failuresBefore: latest.failures,
  screenshotBefore: latest.screenshotAt,
  refused: null,
  timedOut: false,
});

/**
 * Where an attempt stands, given what the page knows of the device now: a picture other than the
 * one shown when the request left is its answer (one asked meanwhile by someone else is as fresh).
 */
export function screenshotPhase(
  attempt: ScreenshotAttempt,
  latest: { screenshotAt: string | null; failures: number },
): ScreenshotPhase {
  if (attempt.refused !== null) return 'refused';
  if (latest.screenshotAt !== null && latest.screenshotAt !== attempt.screenshotBefore) return 'received';
  if (latest.failures > attempt.failuresBefore) return 'failed';
  return attempt.timedOut ? 'timed-out' : 'waiting';
}
