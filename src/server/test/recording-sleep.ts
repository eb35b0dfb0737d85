export interface RecordedWait {
  ms: number;
  /** The caller awaited it (its `then` was called), rather than starting it and moving on. */
  awaited: boolean;
}

/**
 * A `sleep` for the app (`AppOptions.sleep`) that takes no time and records each wait it was asked
 * for: a test asserts that a delay was asked for and awaited, never how long the answer took.
 */
export function recordingSleep() {
  const waits: RecordedWait[] = [];
  const sleep = (ms: number): PromiseLike<void> => {
    const wait: RecordedWait = { ms, awaited: false };
    waits.push(wait);
    return {
      then(onFulfilled, onRejected) {
        wait.awaited = true;
        return Promise.resolve().then(onFulfilled, onRejected);
      },
    };
  };
  return { sleep, waits };
}
