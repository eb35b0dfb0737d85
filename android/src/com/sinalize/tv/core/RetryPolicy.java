package com.sinalize.tv.core;

/**
 * When to try the server again after a failed page load: 2 s, doubling to at most 60 s, with up to
 * 20 % random spread so a room of TVs that lost the server together does not come back in step.
 * The same shape as the web player's reconnect backoff.
 */
public final class RetryPolicy {
    public static final long BASE_MS = 2000;
    public static final long MAX_MS = 60000;
    public static final double JITTER = 0.2;

    private RetryPolicy() {}

    /**
     * @param attempt 1 for the first retry
     * @param random a number in [0, 1)
     */
    public static long delayMs(int attempt, double random) {
        int n = Math.max(1, attempt);
        long delay = n > 6 ? MAX_MS : Math.min(MAX_MS, BASE_MS << (n - 1));
        double spread = 1 - JITTER + 2 * JITTER * Math.max(0, Math.min(1, random));
        return Math.min(MAX_MS, Math.round(delay * spread));
    }
}
