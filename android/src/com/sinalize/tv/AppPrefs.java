package com.sinalize.tv;

import android.content.Context;
import android.content.SharedPreferences;

/** What the app remembers between runs: the server address typed on the first-run screen. */
final class AppPrefs {
    private static final String FILE = "sinalize";
    private static final String SERVER = "server";
    private static final String LOADED_ONCE = "loadedOnce";

    private AppPrefs() {}

    private static SharedPreferences prefs(Context context) {
        return context.getSharedPreferences(FILE, Context.MODE_PRIVATE);
    }

    /** The normalized base address ("http://host:port"), or null before the first setup. */
    static String server(Context context) {
        return prefs(context).getString(SERVER, null);
    }

    static void setServer(Context context, String base) {
        // A new server: the page cached for the old one says nothing about this one.
        prefs(context).edit().putString(SERVER, base).putBoolean(LOADED_ONCE, false).apply();
    }

    /** The player page of this server loaded at least once (so the WebView's cache may hold it). */
    static boolean loadedOnce(Context context) {
        return prefs(context).getBoolean(LOADED_ONCE, false);
    }

    static void markLoaded(Context context) {
        if (!loadedOnce(context)) prefs(context).edit().putBoolean(LOADED_ONCE, true).apply();
    }
}
