import { describe, expect, it } from 'vitest';
import { screenshotPhase, startAttempt } from './screenshot-attempt';

const sent = { ...startAttempt(1, 2), requestedAt: '2026-11-22T10:00:00.000Z' };

describe('screenshotPhase', () => {
  it('waits until a picture taken after the request arrives', () => {
    expect(screenshotPhase(startAttempt(1, 0), { screenshotAt: null, failures: 0 })).toBe('waiting');
    expect(screenshotPhase(sent, { screenshotAt: '2026-11-22T09:59:59.999Z', failures: 2 })).toBe('waiting');
    expect(screenshotPhase(sent, { screenshotAt: '2026-11-22T10:00:01.250Z', failures: 2 })).toBe('received');
  });

  it('does not take a picture for the answer before the request time is known', () => {
    expect(screenshotPhase(startAttempt(1, 0), { screenshotAt: '2026-11-22T10:00:01.250Z', failures: 0 })).toBe('waiting');
  });

  it("reads one more failure of the device as this request's, even before the 202 arrives", () => {
    expect(screenshotPhase(startAttempt(1, 2), { screenshotAt: null, failures: 3 })).toBe('failed');
    expect(screenshotPhase(sent, { screenshotAt: null, failures: 3 })).toBe('failed');
  });

  it('says the TV did not answer once the wait ran out, unless an answer came', () => {
    const late = { ...sent, timedOut: true };
    expect(screenshotPhase(late, { screenshotAt: null, failures: 2 })).toBe('timed-out');
    expect(screenshotPhase(late, { screenshotAt: '2026-11-22T10:00:19.000Z', failures: 2 })).toBe('received');
  });

  it("shows the server's refusal above anything else", () => {
    expect(screenshotPhase({ ...startAttempt(1, 0), refused: 'A TV está offline.' }, { screenshotAt: null, failures: 5 })).toBe('refused');
  });
});
