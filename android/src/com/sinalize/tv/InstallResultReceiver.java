package com.sinalize.tv;

import android.content.BroadcastReceiver;
import android.content.Context;
import android.content.Intent;
import android.content.pm.PackageInstaller;
import android.util.Log;

/**
 * The system installer's answer to {@link UpdateManager}'s session. When the app is not the device
 * owner the system first answers "pending user action" with its own confirmation screen, which is
 * opened here (the TV asks once); on success the app is replaced and restarted ({@link BootReceiver}).
 */
public final class InstallResultReceiver extends BroadcastReceiver {
    @Override
    public void onReceive(Context context, Intent intent) {
        int status = intent.getIntExtra(PackageInstaller.EXTRA_STATUS, PackageInstaller.STATUS_FAILURE);
        if (status == PackageInstaller.STATUS_PENDING_USER_ACTION) {
            Intent confirm = intent.getParcelableExtra(Intent.EXTRA_INTENT);
            if (confirm == null) {
                UpdateManager.installFinished(false, "no confirmation screen");
                return;
            }
            confirm.addFlags(Intent.FLAG_ACTIVITY_NEW_TASK);
            UpdateManager.waitingForConfirmation();
            try {
                context.startActivity(confirm);
            } catch (Exception e) {
                UpdateManager.installFinished(false, e.toString());
            }
            return;
        }
        String message = intent.getStringExtra(PackageInstaller.EXTRA_STATUS_MESSAGE);
        Log.i("SinalizeUpdate", "installer status " + status + ": " + message);
        UpdateManager.installFinished(status == PackageInstaller.STATUS_SUCCESS, message);
    }
}
