package com.sinalize.tv.core;

public final class ByteRangeTest {
    public static void testReadsTheRangesAVideoAsksFor() {
        ByteRange r = ByteRange.parse("bytes=0-", 1000);
        Check.equal(0L, r.start);
        Check.equal(999L, r.end);
        r = ByteRange.parse("bytes=100-199", 1000);
        Check.equal(100L, r.length());
        Check.equal("bytes 100-199/1000", r.contentRange(1000));
        r = ByteRange.parse("bytes=-100", 1000);
        Check.equal(900L, r.start);
        r = ByteRange.parse("bytes=900-5000", 1000);
        Check.equal(999L, r.end);
    }

    public static void testAnswersWholeOrUnsatisfiable() {
        Check.equal(null, ByteRange.parse(null, 1000));
        Check.equal(null, ByteRange.parse("items=0-1", 1000));
        Check.equal(null, ByteRange.parse("bytes=0-1,5-6", 1000));
        Check.equal(null, ByteRange.parse("bytes=x-1", 1000));
        Check.isTrue(ByteRange.parse("bytes=1000-", 1000) == ByteRange.UNSATISFIABLE, "past the end");
        Check.isTrue(ByteRange.parse("bytes=5-4", 1000) == ByteRange.UNSATISFIABLE, "backwards");
        Check.isTrue(ByteRange.parse("bytes=-0", 1000) == ByteRange.UNSATISFIABLE, "empty suffix");
    }
}
