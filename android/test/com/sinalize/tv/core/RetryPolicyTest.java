package com.sinalize.tv.core;

public final class RetryPolicyTest {
    public static void testDoublesFromTwoSecondsToAMinute() {
        long[] expected = {2000, 4000, 8000, 16000, 32000, 60000, 60000};
        for (int i = 0; i < expected.length; i++) Check.equal(expected[i], RetryPolicy.delayMs(i + 1, 0.5));
        Check.equal(60000L, RetryPolicy.delayMs(500, 0.5));
        Check.equal(2000L, RetryPolicy.delayMs(0, 0.5));
    }

    public static void testSpreadsByTwentyPercentAndNeverPassesTheCap() {
        Check.equal(1600L, RetryPolicy.delayMs(1, 0));
        Check.equal(2400L, RetryPolicy.delayMs(1, 1));
        Check.equal(60000L, RetryPolicy.delayMs(8, 0.99));
        Check.equal(48000L, RetryPolicy.delayMs(8, 0));
    }
}
