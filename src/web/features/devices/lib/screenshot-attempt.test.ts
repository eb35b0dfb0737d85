import { describe, expect, it } from 'vitest';
import { screenshotPhase, startAttempt } from './screenshot-attempt';

const before = '2026-11-22T09:58:00.000Z';
const sent = startAttempt(1, { screenshotAt: before, failures: 2 });

describe('screenshotPhase', () => {
  it('waits until a picture other than the one shown when it was asked arrives', () => {
    expect(
      screenshotPhase(startAttempt(1, { screenshotAt: null, failures: 0 }), { screenshotAt: null, failures: 0 }),
    ).toBe('waiting');
    expect(screenshotPhase(sent, { screenshotAt: before, failures: 2 })).toBe('waiting');
    expect(screenshotPhase(sent, { screenshotAt: '2026-11-22T10:00:01.250Z', failures: 2 })).toBe('received');
    // The first picture of a TV that had none.
    expect(
      screenshotPhase(startAttempt(1, { screenshotAt: null, failures: 0 }), {
        screenshotAt: '2026-11-22T10:00:01.250Z',
        failures: 0,
      }),
    ).toBe('received');
  });

  it("takes a picture stamped by a process whose clock is behind the request's (several servers)", () => {
    expect(screenshotPhase(sent, { screenshotAt: '2026-11-22T09:59:00.000Z', failures: 2 })).toBe('received');
  });

  it("reads one more failure of the device as this request's", () => {
    expect(screenshotPhase(sent, { screenshotAt: before, failures: 3 })).toBe('failed');
  });

  it('says the TV did not answer once the wait ran out, unless an answer came', () => {
    const late = { ...sent, timedOut: true };
    expect(screenshotPhase(late, { screenshotAt: before, failures: 2 })).toBe('timed-out');
    expect(screenshotPhase(late, { screenshotAt: '2026-11-22T10:00:19.000Z', failures: 2 })).toBe('received');
  });

  it("shows the server's refusal above anything else", () => {
    expect(screenshotPhase({ ...sent, refused: 'A TV está offline.' }, { screenshotAt: null, failures: 5 })).toBe(
      'refused',
    );
  });
});
