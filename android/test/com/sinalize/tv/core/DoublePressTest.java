package com.sinalize.tv.core;

public final class DoublePressTest {
    public static void testTwoPressesWithinTheWindowOpenTheSettings() {
        DoublePress back = new DoublePress();
        Check.isTrue(!back.press(10000), "one press only arms");
        Check.isTrue(back.press(11500), "the second press within 2 s completes it");
        Check.isTrue(!back.press(11600), "and starts over");
    }

    public static void testASlowSecondPressRearms() {
        DoublePress back = new DoublePress();
        back.press(10000);
        Check.isTrue(!back.press(12500), "too late: arms again");
        Check.isTrue(back.press(13000), "then a quick one completes it");
    }
}
