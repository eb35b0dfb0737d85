package com.sinalize.tv.core;

import java.util.Locale;

/**
 * How the native cache recognises player media and names them on disk, as the web player's service
 * worker does ({@code src/player/sw/media-keys.ts}). A media URL is one of the files the server signs
 * for TVs (docs/content.md#offline), with the hash the player adds ({@code &sha256=<hex>}, the
 * manifest's):
 * <ul>
 * <li>{@code /api/tv/media/{id}}: an image's or a video's file;
 * <li>{@code /api/tv/media/{id}/pages/{n}}: a PDF's rendered page;
 * <li>{@code /api/tv/media/{id}/images/{sha256}}: a feed item's picture.
 * </ul>
 * The file is kept under its hash, so it stays cached when its signed URL changes (daily) and is
 * stored once however many playlists use it. Any other path is left to the network.
 */
public final class MediaKeys {
    private MediaKeys() {}

    private static final String MEDIA_PATH = "/api/tv/media/";
    /** Suffix of a file still being downloaded (renamed once its hash checks out). */
    public static final String PARTIAL_SUFFIX = ".part";

    /** True for 64 hex digits. */
    public static boolean isSha256(String value) {
        return value != null && value.matches("[0-9a-fA-F]{64}");
    }

    /** The hash a player media URL carries (lowercase), or null for any other URL. */
    public static String shaOf(String url) {
        if (url == null) return null;
        int hash = url.indexOf('#');
        String u = hash >= 0 ? url.substring(0, hash) : url;
        int q = u.indexOf('?');
        if (q < 0) return null;
        String beforeQuery = u.substring(0, q);
        int scheme = beforeQuery.indexOf("://");
        String path = beforeQuery;
        if (scheme >= 0) {
            int slash = beforeQuery.indexOf('/', scheme + 3);
            path = slash >= 0 ? beforeQuery.substring(slash) : "/";
        }
        if (!isMediaPath(path)) return null;
        for (String pair : u.substring(q + 1).split("&")) {
            if (pair.startsWith("sha256=")) {
                String value = pair.substring("sha256=".length());
                return isSha256(value) ? value.toLowerCase(Locale.ROOT) : null;
            }
        }
        return null;
    }

    /** One of the three shapes above: ids and page numbers plain digits, a picture's name 64 hex digits. */
    static boolean isMediaPath(String path) {
        if (!path.startsWith(MEDIA_PATH)) return false;
        String[] parts = path.substring(MEDIA_PATH.length()).split("/", -1);
        if (!parts[0].matches("[0-9]{1,18}")) return false;
        if (parts.length == 1) return true;
        if (parts.length != 3) return false;
        if (parts[1].equals("pages")) return parts[2].matches("[0-9]{1,9}");
        return parts[1].equals("images") && isSha256(parts[2]);
    }

    /** The disk name of a finished file. */
    public static String fileName(String sha256) {
        if (!isSha256(sha256)) throw new IllegalArgumentException("not a sha256: " + sha256);
        return sha256.toLowerCase(Locale.ROOT);
    }

    /** The disk name of a file being downloaded. */
    public static String partialName(String sha256) {
        return fileName(sha256) + PARTIAL_SUFFIX;
    }

    /** The hash a disk name stands for (finished or partial), or null for anything else. */
    public static String shaOfFileName(String name) {
        if (name == null) return null;
        String base = name.endsWith(PARTIAL_SUFFIX) ? name.substring(0, name.length() - PARTIAL_SUFFIX.length()) : name;
        return base.length() == 64 && base.matches("[0-9a-f]{64}") ? base : null;
    }
}
