package com.sinalize.tv;

import android.webkit.WebResourceResponse;
import com.sinalize.tv.core.ByteRange;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/** A cached file as the server would have sent it: whole (200) or the asked byte range (206, 416). */
final class MediaResponses {
    private MediaResponses() {}

    static WebResourceResponse of(File file, String mimeType, String rangeHeader) throws IOException {
        long size = file.length();
        ByteRange range = ByteRange.parse(rangeHeader, size);
        Map<String, String> headers = new HashMap<String, String>();
        headers.put("Accept-Ranges", "bytes");
        headers.put("Cache-Control", "no-cache");
        if (range == ByteRange.UNSATISFIABLE) {
            headers.put("Content-Range", "bytes */" + size);
            return new WebResourceResponse(mimeType, null, 416, "Range Not Satisfiable", headers, new ByteArrayInputStream(new byte[0]));
        }
        InputStream in = new FileInputStream(file);
        if (range == null) {
            headers.put("Content-Length", String.valueOf(size));
            return new WebResourceResponse(mimeType, null, 200, "OK", headers, in);
        }
        skipFully(in, range.start);
        headers.put("Content-Range", range.contentRange(size));
        headers.put("Content-Length", String.valueOf(range.length()));
        return new WebResourceResponse(mimeType, null, 206, "Partial Content", headers, new Limited(in, range.length()));
    }

    private static void skipFully(InputStream in, long count) throws IOException {
        long left = count;
        while (left > 0) {
            long skipped = in.skip(left);
            if (skipped <= 0) throw new IOException("file shorter than expected");
            left -= skipped;
        }
    }

    /** At most {@code left} bytes of the stream. */
    private static final class Limited extends FilterInputStream {
        private long left;

        Limited(InputStream in, long left) {
            super(in);
            this.left = left;
        }

        @Override
        public int read() throws IOException {
            if (left <= 0) return -1;
            int b = super.read();
            if (b >= 0) left--;
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left <= 0) return -1;
            int n = super.read(buffer, offset, (int) Math.min(length, left));
            if (n > 0) left -= n;
            return n;
        }
    }
}
