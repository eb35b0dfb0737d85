package com.sinalize.tv;

import android.app.admin.DeviceAdminReceiver;

/**
 * Lets the app be made the TV's device owner (`adb shell dpm set-device-owner
 * com.sinalize.tv/.AdminReceiver`, docs/android.md#updates), so its updates install without asking.
 * It uses no admin policy.
 */
public final class AdminReceiver extends DeviceAdminReceiver {}
