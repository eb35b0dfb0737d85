package com.sinalize.tv.core;

import java.util.Locale;

/**
 * What a web page's own WebView may load, and how the app tells the player what became of it
 * (docs/android.md#web-pages). The page gets no bridge, no pop-ups and no other scheme than http(s);
 * a page of the app's server is refused: it would share the player's storage, where the TV's token is.
 */
public final class WebPagePolicy {
    private WebPagePolicy() {}

    /** The player's function the app calls with (key, state): src/player/lib/app-bridge.ts. */
    public static final String CALLBACK = "__sinalizeWebPage";
    public static final String LOADED = "loaded";
    public static final String FAILED = "failed";

    /** An http(s) address with a host, not on the server's origin. */
    public static boolean accepts(String url, String server) {
        if (url == null) return false;
        String lower = url.trim().toLowerCase(Locale.ROOT);
        int start;
        if (lower.startsWith("https://")) start = "https://".length();
        else if (lower.startsWith("http://")) start = "http://".length();
        else return false;
        int end = start;
        while (end < lower.length() && "/?#".indexOf(lower.charAt(end)) < 0) end++;
        String authority = lower.substring(start, end);
        String host = authority.substring(authority.lastIndexOf('@') + 1);
        if (host.isEmpty() || host.startsWith(":")) return false;
        return server == null || !ServerAddress.sameOrigin(server, url.trim());
    }

    /** A key the player chose for one page on screen: letters, digits, '-' and '_', at most 64. */
    public static boolean isKey(String key) {
        return key != null && key.matches("[A-Za-z0-9_-]{1,64}");
    }

    /** The script run in the player's page to report a page's state (the key is checked, so no quoting is needed). */
    public static String callbackScript(String key, String state) {
        if (!isKey(key)) throw new IllegalArgumentException("not a key: " + key);
        if (!LOADED.equals(state) && !FAILED.equals(state)) throw new IllegalArgumentException("not a state: " + state);
        return "window." + CALLBACK + "&&window." + CALLBACK + "('" + key + "','" + state + "')";
    }
}
