package com.sinalize.tv;

import android.app.Activity;
import android.view.View;
import android.view.WindowManager;

/**
 * Full screen without system bars (immersive, sticky) and the screen kept on, unless the player
 * said the screen may sleep: outside its opening hours (docs/opening-hours.md).
 */
final class Kiosk {
    private Kiosk() {}

    static final int IMMERSIVE = View.SYSTEM_UI_FLAG_IMMERSIVE_STICKY
            | View.SYSTEM_UI_FLAG_FULLSCREEN
            | View.SYSTEM_UI_FLAG_HIDE_NAVIGATION
            | View.SYSTEM_UI_FLAG_LAYOUT_STABLE
            | View.SYSTEM_UI_FLAG_LAYOUT_HIDE_NAVIGATION
            | View.SYSTEM_UI_FLAG_LAYOUT_FULLSCREEN;

    static void apply(Activity activity) {
        apply(activity, true);
    }

    static void apply(Activity activity, boolean keepScreenOn) {
        activity.getWindow().addFlags(WindowManager.LayoutParams.FLAG_FULLSCREEN);
        keepScreenOn(activity, keepScreenOn);
        activity.getWindow().getDecorView().setSystemUiVisibility(IMMERSIVE);
    }

    /** On the UI thread only: the window's flags belong to it. */
    static void keepScreenOn(Activity activity, boolean on) {
        if (on) activity.getWindow().addFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON);
        else activity.getWindow().clearFlags(WindowManager.LayoutParams.FLAG_KEEP_SCREEN_ON);
    }
}
