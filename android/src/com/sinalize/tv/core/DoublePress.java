package com.sinalize.tv.core;

/**
 * BACK pressed twice within a short time opens the settings (the kiosk never closes on BACK). The
 * first press only arms it, so a stray press on the remote changes nothing.
 */
public final class DoublePress {
    public static final long WINDOW_MS = 2000;
    private long armedAt = Long.MIN_VALUE;

    /** @return true when this press completes a double press (and disarms it) */
    public boolean press(long nowMs) {
        if (armedAt != Long.MIN_VALUE && nowMs - armedAt <= WINDOW_MS && nowMs >= armedAt) {
            armedAt = Long.MIN_VALUE;
            return true;
        }
        armedAt = nowMs;
        return false;
    }
}
