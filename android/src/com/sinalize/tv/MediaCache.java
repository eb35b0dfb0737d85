package com.sinalize.tv;

import com.sinalize.tv.core.CachePlan;
import com.sinalize.tv.core.MediaKeys;
import com.sinalize.tv.core.MediaSniff;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The native media cache: every file the current manifest names, kept on the app's own disk under
 * its sha256 (a download is checked against the hash before it counts), fetched ahead of time two
 * at a time, and deleted when no manifest names it any more. {@link KioskClient} answers media
 * requests from here, so the player keeps playing when the server is out of reach, on plain http
 * too, where the WebView allows no service worker.
 */
final class MediaCache {
    /** One file of the manifest, as the player sends it through the bridge. */
    static final class MediaFile {
        final String sha256;
        final String url;
        final String mimeType;
        final long size;

        MediaFile(String sha256, String url, String mimeType, long size) {
            this.sha256 = sha256.toLowerCase(java.util.Locale.ROOT);
            this.url = url;
            this.mimeType = mimeType;
            this.size = size;
        }
    }

    private static final long RETRY_MS = 60000;
    private final File dir;
    private final ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(2);
    private final Set<String> downloading = Collections.synchronizedSet(new HashSet<String>());
    private volatile Map<String, MediaFile> wanted = Collections.emptyMap();
    private volatile String base = "";

    MediaCache(File dir) {
        this.dir = dir;
        if (!dir.isDirectory() && !dir.mkdirs()) throw new IllegalStateException("cannot create " + dir);
    }

    /** The files of the current manifest (relative URLs resolve against {@code server}): fetch the missing, drop the rest. */
    synchronized void sync(String server, List<MediaFile> files) {
        Map<String, MediaFile> next = new LinkedHashMap<String, MediaFile>();
        for (MediaFile file : files) if (MediaKeys.isSha256(file.sha256)) next.put(file.sha256, file);
        base = server;
        wanted = next;
        String[] names = dir.list();
        List<String> running;
        synchronized (downloading) {
            running = new ArrayList<String>(downloading);
        }
        CachePlan plan = CachePlan.of(names == null ? Collections.<String>emptyList() : Arrays.asList(names), next.keySet(), running);
        for (String name : plan.toDelete) new File(dir, name).delete();
        for (String sha : plan.toFetch) enqueue(next.get(sha), 0);
    }

    /** The finished file of a hash, or null. */
    File cached(String sha256) {
        File file = new File(dir, MediaKeys.fileName(sha256));
        return file.isFile() ? file : null;
    }

    /**
     * The type the manifest gives, or the file's magic bytes: when it gives none (a PDF's page, a
     * feed's picture: {@code mimeType ''}, src/player/lib/media-url.ts) or has not been named yet (after a restart).
     */
    String mimeTypeOf(String sha256, File file) {
        MediaFile known = wanted.get(sha256);
        if (known != null && known.mimeType != null && !known.mimeType.isEmpty()) return known.mimeType;
        byte[] head = new byte[MediaSniff.HEAD];
        int n = 0;
        try (InputStream in = new FileInputStream(file)) {
            for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) n += r;
        } catch (IOException e) {
            n = 0;
        }
        return MediaSniff.typeOf(head, n);
    }

    /** The player asked for a file that is not on disk yet: fetch it now if the manifest names it. */
    void wantNow(String sha256) {
        MediaFile file = wanted.get(sha256);
        if (file != null) enqueue(file, 0);
    }

    /** {cached, missing} among the files of the current manifest. */
    int[] status() {
        int cached = 0;
        Map<String, MediaFile> now = wanted;
        for (String sha : now.keySet()) if (cached(sha) != null) cached++;
        return new int[] {cached, now.size() - cached};
    }

    private void enqueue(final MediaFile file, long delayMs) {
        if (file == null || cached(file.sha256) != null || !downloading.add(file.sha256)) return;
        pool.schedule(new Runnable() {
            @Override
            public void run() {
                boolean ok = false;
                try {
                    ok = download(file);
                } finally {
                    downloading.remove(file.sha256);
                }
                // The server was out of reach or sent something else: try again later while still wanted.
                if (!ok && wanted.containsKey(file.sha256)) enqueue(file, RETRY_MS);
            }
        }, delayMs, TimeUnit.MILLISECONDS);
    }

    private boolean download(MediaFile queued) {
        // The manifest's current entry: its signed URL is renewed daily, a retry must not use an expired one.
        MediaFile file = wanted.get(queued.sha256);
        if (file == null) return true; // left the manifest while waiting
        File part = new File(dir, MediaKeys.partialName(file.sha256));
        HttpURLConnection connection = null;
        try {
            connection = (HttpURLConnection) new URL(new URL(base + "/"), file.url).openConnection();
            connection.setConnectTimeout(15000);
            connection.setReadTimeout(30000);
            if (connection.getResponseCode() != 200) return false;
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (InputStream in = connection.getInputStream(); OutputStream out = new FileOutputStream(part)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                    out.write(buffer, 0, n);
                }
            }
            if (!hex(digest.digest()).equals(file.sha256)) {
                part.delete();
                return false;
            }
            File done = new File(dir, MediaKeys.fileName(file.sha256));
            if (!part.renameTo(done)) return false;
            // Dropped from the manifest while it downloaded: gone now rather than at the next manifest.
            if (!wanted.containsKey(file.sha256)) done.delete();
            return true;
        } catch (Exception e) {
            part.delete();
            return false;
        } finally {
            if (connection != null) connection.disconnect();
        }
    }

    private static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder(bytes.length * 2);
        for (byte b : bytes) text.append(String.format("%02x", b & 0xff));
        return text.toString();
    }
}
