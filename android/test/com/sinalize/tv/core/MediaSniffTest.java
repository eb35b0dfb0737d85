package com.sinalize.tv.core;

public final class MediaSniffTest {
    static byte[] bytes(int... values) {
        byte[] out = new byte[MediaSniff.HEAD];
        for (int i = 0; i < values.length; i++) out[i] = (byte) values[i];
        return out;
    }

    static byte[] text(int offset, String value, byte[] into) {
        for (int i = 0; i < value.length(); i++) into[offset + i] = (byte) value.charAt(i);
        return into;
    }

    public static void testKnowsTheUploadTypes() {
        Check.equal("image/jpeg", MediaSniff.typeOf(bytes(0xFF, 0xD8, 0xFF, 0xE0), 16));
        Check.equal("image/png", MediaSniff.typeOf(bytes(0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A), 16));
        Check.equal("image/gif", MediaSniff.typeOf(text(0, "GIF89a", bytes()), 16));
        Check.equal("image/webp", MediaSniff.typeOf(text(8, "WEBP", text(0, "RIFF", bytes())), 16));
        Check.equal("video/webm", MediaSniff.typeOf(bytes(0x1A, 0x45, 0xDF, 0xA3), 16));
        Check.equal("video/mp4", MediaSniff.typeOf(text(4, "ftypisom", bytes(0, 0, 0, 0x20)), 16));
        Check.equal("video/quicktime", MediaSniff.typeOf(text(4, "ftypqt  ", bytes(0, 0, 0, 0x14)), 16));
    }

    public static void testAnythingElseIsOctetStream() {
        Check.equal("application/octet-stream", MediaSniff.typeOf(text(0, "<svg", bytes()), 16));
        Check.equal("application/octet-stream", MediaSniff.typeOf(bytes(0xFF, 0xD8), 2));
        Check.equal("application/octet-stream", MediaSniff.typeOf(new byte[0], 0));
    }
}
