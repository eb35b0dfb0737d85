package com.sinalize.tv.core;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Locale;

/**
 * The app's update check, the part that needs no device (docs/android.md#updates): whether the
 * server's answer to {@code GET /api/tv/app} is a newer build than the one installed, and whether a
 * downloaded file is exactly the one the server named (its SHA-256 and size); anything else is
 * refused and deleted, never handed to the installer.
 */
public final class UpdateCheck {
    private UpdateCheck() {}

    /** At start (once the player loaded), then every 6 hours. */
    public static final long INTERVAL_MS = 6L * 60 * 60 * 1000;
    /** After a check that could not be made (server away, TV not paired yet, download refused). */
    public static final long RETRY_MS = 10L * 60 * 1000;
    /** The path of the check, under the server's address. */
    public static final String PATH = "/api/tv/app";
    /** Reads the TV's token where the web player keeps it (src/player/lib/storage.ts, PLAYER_STORAGE_KEYS.token). */
    public static final String TOKEN_SCRIPT =
            "(function(){try{return localStorage.getItem('sinalize.player.token')}catch(e){return null}})()";

    /** The server's answer; a field it did not send (or sent as null) is null here. */
    public static final class Offer {
        public final Long versionCode;
        public final String versionName;
        public final String sha256;
        public final Long size;
        public final String url;

        public Offer(Long versionCode, String versionName, String sha256, Long size, String url) {
            this.versionCode = versionCode;
            this.versionName = versionName;
            this.sha256 = sha256 == null ? null : sha256.toLowerCase(Locale.ROOT);
            this.size = size;
            this.url = url;
        }
    }

    public enum Decision {
        /** A newer build: download, verify, install. */
        UPDATE,
        /** The same build as installed. */
        UP_TO_DATE,
        /** The server offers an older build: never go back (Android would refuse it anyway). */
        OLDER_ON_SERVER,
        /** The APK has no version (no metadata file next to it on the server): nothing to compare. */
        NO_VERSION,
        /** No answer, or one without a usable hash, size or address. */
        INVALID
    }

    public static Decision decide(long installedVersionCode, Offer offer) {
        if (offer == null) return Decision.INVALID;
        if (offer.versionCode == null || offer.versionCode <= 0) return Decision.NO_VERSION;
        if (!MediaKeys.isSha256(offer.sha256) || offer.size == null || offer.size <= 0
                || offer.url == null || offer.url.isEmpty()) return Decision.INVALID;
        if (offer.versionCode > installedVersionCode) return Decision.UPDATE;
        return offer.versionCode == installedVersionCode ? Decision.UP_TO_DATE : Decision.OLDER_ON_SERVER;
    }

    /**
     * True when {@code file} is exactly the offered APK (size and SHA-256). Otherwise the file is
     * deleted and false returned: a wrong or tampered download is never installed.
     */
    public static boolean accept(File file, Offer offer) {
        boolean ok = false;
        try {
            ok = offer != null && MediaKeys.isSha256(offer.sha256) && offer.size != null
                    && file.isFile() && file.length() == offer.size && sha256Of(file).equals(offer.sha256);
        } catch (IOException e) {
            ok = false;
        }
        if (!ok) file.delete();
        return ok;
    }

    /** The SHA-256 of a file, lowercase hex. */
    public static String sha256Of(File file) throws IOException {
        try (InputStream in = new FileInputStream(file)) {
            return sha256Of(in);
        }
    }

    public static String sha256Of(InputStream in) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        byte[] buffer = new byte[64 * 1024];
        for (int n; (n = in.read(buffer)) > 0; ) digest.update(buffer, 0, n);
        StringBuilder hex = new StringBuilder(64);
        for (byte b : digest.digest()) hex.append(String.format("%02x", b & 0xff));
        return hex.toString();
    }

    /** Where a download of the offer goes, inside the app's cache (one name per version). */
    public static String fileName(Offer offer) {
        return "sinalize-tv-" + offer.versionCode + ".apk";
    }

    /**
     * The token out of {@link #TOKEN_SCRIPT}'s result as WebView.evaluateJavascript gives it (a JSON
     * value: {@code "\"abc\""}, or {@code null}); null when there is none or it is not token-shaped.
     */
    public static String tokenFromJs(String result) {
        if (result == null || result.length() < 2 || result.charAt(0) != '"' || result.charAt(result.length() - 1) != '"')
            return null;
        String token = result.substring(1, result.length() - 1);
        // Tokens are base64url (src/server/auth/tokens.ts): no escapes, nothing to unquote.
        return token.matches("[A-Za-z0-9_-]{16,200}") ? token : null;
    }

    /**
     * What {@code window.SinalizeApp.appUpdate()} answers: {@code null}, or the update under way,
     * {@code {"versionCode":n,"versionName":"…","state":"…"}} (state: downloading, installing,
     * waiting (the TV's confirmation), failed).
     */
    public static String statusJson(Offer offer, String state) {
        if (offer == null || state == null) return "null";
        return "{\"versionCode\":" + offer.versionCode + ",\"versionName\":" + jsonString(offer.versionName)
                + ",\"state\":" + jsonString(state) + "}";
    }

    static String jsonString(String value) {
        if (value == null) return "null";
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        return out.append('"').toString();
    }
}
