package com.sinalize.tv;

import android.webkit.JavascriptInterface;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.json.JSONArray;
import org.json.JSONObject;

/**
 * {@code window.SinalizeApp} in the player page (src/player/lib/app-bridge.ts): the player names
 * the files of its manifest and reads how many are on disk, the app's version and its pending
 * update, and puts web pages on screen in WebViews of their own. Only the server's own pages load
 * in the kiosk ({@link KioskClient} refuses other origins), so only they can call it; the web
 * pages' WebViews get no bridge.
 */
final class AppBridge {
    static final String NAME = "SinalizeApp";
    private final PlayerActivity activity;
    private final MediaCache cache;
    private final String server;
    private final String version;

    AppBridge(PlayerActivity activity, MediaCache cache, String server, String version) {
        this.activity = activity;
        this.cache = cache;
        this.server = server;
        this.version = version;
    }

    /** JSON array of {sha256, url, mimeType, size}: the files of the current manifest. */
    @JavascriptInterface
    public void syncMedia(String json) {
        try {
            JSONArray array = new JSONArray(json);
            List<MediaCache.MediaFile> files = new ArrayList<MediaCache.MediaFile>();
            for (int i = 0; i < array.length(); i++) {
                JSONObject item = array.getJSONObject(i);
                files.add(new MediaCache.MediaFile(item.getString("sha256"), item.getString("url"),
                        item.optString("mimeType", null), item.optLong("size", -1)));
            }
            cache.sync(server, files);
        } catch (Exception e) {
            // A malformed list changes nothing: the cache keeps what it has.
        }
    }

    /** {"cached": n, "missing": m} among the files of the current manifest. */
    @JavascriptInterface
    public String cacheStatus() {
        int[] status = cache.status();
        return "{\"cached\":" + status[0] + ",\"missing\":" + status[1] + "}";
    }

    @JavascriptInterface
    public String version() {
        return version;
    }

    /** The installed versionName ("0.1.0+280", from the build: docs/android.md#versions), for the player to report. */
    @JavascriptInterface
    public String appVersion() {
        return version;
    }

    /**
     * The TV's IPv4 address on its network (the first interface up that is not loopback), or null:
     * the page cannot read it, and the health report wants it (docs/screen-health.md).
     */
    @JavascriptInterface
    public String localIp() {
        try {
            for (NetworkInterface net : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!net.isUp() || net.isLoopback()) continue;
                for (InetAddress address : Collections.list(net.getInetAddresses())) {
                    if (address instanceof Inet4Address && !address.isLoopbackAddress()) return address.getHostAddress();
                }
            }
        } catch (Exception e) {
            // No interface readable: unknown, never a guess.
        }
        return null;
    }

    /**
     * The update under way, as JSON: {@code null}, or {@code {"versionCode":n,"versionName":"…","state":
     * "downloading"|"installing"|"waiting"|"failed"}} ({@link UpdateManager}).
     */
    @JavascriptInterface
    public String appUpdate() {
        return UpdateManager.statusJson();
    }

    /**
     * Outside its opening hours the player shows black and lets the screen sleep (false); at the
     * opening it keeps it on again (true): docs/opening-hours.md. Applied on the UI thread.
     */
    @JavascriptInterface
    public void setKeepScreenOn(boolean on) {
        activity.setKeepScreenOn(on);
    }

    /**
     * Shows a web page in a WebView of its own over the player's, where framing rules do not apply
     * (docs/android.md#web-pages): {@code key} names it until {@link #hideWebPage}; the rectangle is
     * the zone's on screen in the player's CSS px ({@code getBoundingClientRect}), {@code rotation}
     * the quarter turns of the player's stage (0 or 90), {@code zoomPercent} the item's zoom. The
     * first call loads the page (invisible until it has loaded), later ones with the same key and
     * URL move it. The app answers {@code window.__sinalizeWebPage(key, "loaded" | "failed")}.
     */
    @JavascriptInterface
    public void showWebPage(String key, String url, double left, double top, double width, double height, int rotation,
            int zoomPercent) {
        activity.showWebPage(key, url, left, top, width, height, rotation, zoomPercent);
    }

    /** Loads the page shown under {@code key} again, beneath it, swapped in once loaded (its refresh interval). */
    @JavascriptInterface
    public void reloadWebPage(String key) {
        activity.reloadWebPage(key);
    }

    /** Takes the page off the screen and destroys its WebView. */
    @JavascriptInterface
    public void hideWebPage(String key) {
        activity.hideWebPage(key);
    }
}
