package com.sinalize.tv.core;

/**
 * A single HTTP {@code Range: bytes=...} request against a file of known size, as a video element
 * sends it to seek: {@code a-b}, {@code a-} or {@code -n}. Multiple ranges are answered whole
 * (a 200 is always allowed). Mirrors the web player's {@code sw/range.ts}.
 */
public final class ByteRange {
    public final long start;
    /** Inclusive. */
    public final long end;

    private ByteRange(long start, long end) {
        this.start = start;
        this.end = end;
    }

    public long length() {
        return end - start + 1;
    }

    /** Marker for a range that cannot be satisfied (answer 416). */
    public static final ByteRange UNSATISFIABLE = new ByteRange(-1, -2);

    /** null: send the whole file; {@link #UNSATISFIABLE}: 416; otherwise the bytes to send. */
    public static ByteRange parse(String header, long size) {
        if (header == null) return null;
        String h = header.trim();
        if (!h.startsWith("bytes=")) return null;
        String spec = h.substring("bytes=".length()).trim();
        if (spec.contains(",")) return null;
        int dash = spec.indexOf('-');
        if (dash < 0) return null;
        String a = spec.substring(0, dash).trim();
        String b = spec.substring(dash + 1).trim();
        try {
            if (a.isEmpty()) {
                if (b.isEmpty()) return null;
                long suffix = Long.parseLong(b);
                if (suffix <= 0 || size == 0) return UNSATISFIABLE;
                return new ByteRange(Math.max(0, size - suffix), size - 1);
            }
            long start = Long.parseLong(a);
            long end = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
            if (start < 0 || start >= size || end < start) return UNSATISFIABLE;
            return new ByteRange(start, end);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The {@code Content-Range} value of this range. */
    public String contentRange(long size) {
        return "bytes " + start + "-" + end + "/" + size;
    }
}
