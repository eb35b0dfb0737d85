package com.sinalize.tv;

import android.content.BroadcastReceiver;
import android.content.Context;
import android.content.Intent;

/**
 * Opens the player when the TV boots, and again once the app has installed its own update
 * (MY_PACKAGE_REPLACED: the update stopped the running app). Android 10+ blocks activity starts from the background unless
 * the app holds "display over other apps" (SYSTEM_ALERT_WINDOW), which the setup screen asks for;
 * without it the broadcast still arrives but the system ignores the start (docs/android.md).
 */
public final class BootReceiver extends BroadcastReceiver {
    @Override
    public void onReceive(Context context, Intent intent) {
        String action = intent.getAction();
        if (!Intent.ACTION_BOOT_COMPLETED.equals(action) && !Intent.ACTION_MY_PACKAGE_REPLACED.equals(action)) return;
        Intent start = new Intent(context, PlayerActivity.class);
        start.addFlags(Intent.FLAG_ACTIVITY_NEW_TASK);
        context.startActivity(start);
    }
}
