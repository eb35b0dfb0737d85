package com.sinalize.tv.core;

/**
 * The type of a cached file from its first bytes, for the rare request that arrives before the
 * player has named its files (right after a restart): the same magic numbers the server accepts at
 * upload (JPEG, PNG, WebP, GIF, MP4, QuickTime, WebM), so a cached file is never sent untyped.
 */
public final class MediaSniff {
    /** How many leading bytes {@link #typeOf} looks at. */
    public static final int HEAD = 16;

    private MediaSniff() {}

    public static String typeOf(byte[] head, int length) {
        int n = Math.min(length, head.length);
        if (n >= 3 && b(head, 0) == 0xFF && b(head, 1) == 0xD8 && b(head, 2) == 0xFF) return "image/jpeg";
        if (n >= 8 && b(head, 0) == 0x89 && ascii(head, 1, "PNG")) return "image/png";
        if (n >= 6 && (ascii(head, 0, "GIF87a") || ascii(head, 0, "GIF89a"))) return "image/gif";
        if (n >= 12 && ascii(head, 0, "RIFF") && ascii(head, 8, "WEBP")) return "image/webp";
        if (n >= 4 && b(head, 0) == 0x1A && b(head, 1) == 0x45 && b(head, 2) == 0xDF && b(head, 3) == 0xA3) return "video/webm";
        if (n >= 12 && ascii(head, 4, "ftyp")) return ascii(head, 8, "qt  ") ? "video/quicktime" : "video/mp4";
        return "application/octet-stream";
    }

    private static int b(byte[] bytes, int i) {
        return bytes[i] & 0xFF;
    }

    private static boolean ascii(byte[] bytes, int at, String text) {
        if (at + text.length() > bytes.length) return false;
        for (int i = 0; i < text.length(); i++) if (bytes[at + i] != (byte) text.charAt(i)) return false;
        return true;
    }
}
