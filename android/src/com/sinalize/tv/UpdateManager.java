package com.sinalize.tv;

import android.app.PendingIntent;
import android.app.admin.DevicePolicyManager;
import android.content.Context;
import android.content.Intent;
import android.content.pm.PackageInstaller;
import android.os.Handler;
import android.os.Looper;
import android.util.Log;
import android.webkit.ValueCallback;
import com.sinalize.tv.core.UpdateCheck;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.json.JSONObject;

/**
 * The app's own updates (docs/android.md#updates): once the player has loaded, then every 6 hours,
 * asks the server which APK it offers ({@code GET /api/tv/app}, with the TV's token), and when it is
 * a newer build downloads it into the cache, checks its SHA-256 and size ({@link UpdateCheck}) and
 * hands it to the system's PackageInstaller: silent when the app is the device owner, otherwise the
 * system asks on screen (once per version while the app runs). No FileProvider is needed: the file
 * is streamed into the install session, never shared by URI.
 */
final class UpdateManager {
    interface TokenSource {
        /** The TV's bearer token (null when unpaired), delivered on the main thread. */
        void fetch(ValueCallback<String> done);
    }

    private static final String TAG = "SinalizeUpdate";
    /** The update under way and its state, read by the player through {@link AppBridge#appUpdate()}. */
    private static volatile UpdateCheck.Offer pending;
    private static volatile String pendingState;

    private final Context context;
    private final long installedVersionCode;
    private final Handler main = new Handler(Looper.getMainLooper());
    private final ExecutorService io = Executors.newSingleThreadExecutor();
    private final File dir;
    private String server;
    private TokenSource tokens;
    /** Versions already handed to the installer while the app runs, so a declined prompt is not shown again every 6 hours. */
    private long askedVersionCode = -1;

    private final Runnable tick = new Runnable() {
        @Override
        public void run() {
            check();
        }
    };

    UpdateManager(Context context, long installedVersionCode) {
        this.context = context.getApplicationContext();
        this.installedVersionCode = installedVersionCode;
        this.dir = new File(context.getCacheDir(), "updates");
    }

    /** The player loaded from {@code server}: check now the first time (or for a new server), then on the timer. */
    void start(String server, TokenSource tokens) {
        this.tokens = tokens;
        if (server.equals(this.server)) return;
        this.server = server;
        schedule(0);
    }

    void stop() {
        main.removeCallbacks(tick);
        tokens = null;
    }

    static String statusJson() {
        return UpdateCheck.statusJson(pending, pendingState);
    }

    /** The installer's answer ({@link InstallResultReceiver}). */
    static void installFinished(boolean ok, String message) {
        if (ok) {
            pending = null;
            pendingState = null;
        } else {
            pendingState = "failed";
            Log.w(TAG, "install failed: " + message);
        }
    }

    static void waitingForConfirmation() {
        pendingState = "waiting";
    }

    private void schedule(long delayMs) {
        main.removeCallbacks(tick);
        main.postDelayed(tick, delayMs);
    }

    private void check() {
        TokenSource source = tokens;
        if (source == null) return;
        final String base = server;
        source.fetch(new ValueCallback<String>() {
            @Override
            public void onReceiveValue(final String token) {
                if (token == null) {
                    schedule(UpdateCheck.RETRY_MS); // not paired yet, or the page is not there
                    return;
                }
                io.execute(new Runnable() {
                    @Override
                    public void run() {
                        final long next = checkAndInstall(base, token);
                        main.post(new Runnable() {
                            @Override
                            public void run() {
                                if (base.equals(server)) schedule(next);
                            }
                        });
                    }
                });
            }
        });
    }

    /** One check (on the io thread); the delay until the next. */
    private long checkAndInstall(String base, String token) {
        UpdateCheck.Offer offer;
        try {
            offer = fetchOffer(base, token);
        } catch (Exception e) {
            Log.i(TAG, "check failed: " + e);
            return UpdateCheck.RETRY_MS;
        }
        if (offer == null) return UpdateCheck.INTERVAL_MS; // 404: this server offers no APK
        UpdateCheck.Decision decision = UpdateCheck.decide(installedVersionCode, offer);
        if (decision != UpdateCheck.Decision.UPDATE) {
            clearDownloads(null);
            if (decision == UpdateCheck.Decision.INVALID) return UpdateCheck.RETRY_MS;
            return UpdateCheck.INTERVAL_MS;
        }
        boolean owner = isDeviceOwner();
        if (!owner && askedVersionCode == offer.versionCode) return UpdateCheck.INTERVAL_MS;
        pending = offer;
        pendingState = "downloading";
        File apk = new File(dir, UpdateCheck.fileName(offer));
        clearDownloads(apk.getName());
        try {
            if (!(apk.isFile() && UpdateCheck.accept(apk, offer))) {
                download(base, offer, apk);
                if (!UpdateCheck.accept(apk, offer)) {
                    Log.w(TAG, "refused the download of " + offer.versionName + ": its SHA-256 or size is not the server's");
                    pendingState = "failed";
                    return UpdateCheck.RETRY_MS;
                }
            }
            pendingState = "installing";
            install(apk);
            if (!owner) askedVersionCode = offer.versionCode;
            return UpdateCheck.INTERVAL_MS;
        } catch (Exception e) {
            Log.w(TAG, "update to " + offer.versionName + " failed: " + e);
            pendingState = "failed";
            apk.delete();
            return UpdateCheck.RETRY_MS;
        }
    }

    /** The server's offer, or null when it has no APK (404); throws on anything else. */
    private static UpdateCheck.Offer fetchOffer(String base, String token) throws Exception {
        HttpURLConnection connection = (HttpURLConnection) new URL(base + UpdateCheck.PATH).openConnection();
        try {
            connection.setConnectTimeout(15000);
            connection.setReadTimeout(30000);
            connection.setRequestProperty("Authorization", "Bearer " + token);
            connection.setRequestProperty("Accept", "application/json");
            int status = connection.getResponseCode();
            if (status == 404) return null;
            if (status != 200) throw new IllegalStateException("HTTP " + status);
            ByteArrayOutputStream text = new ByteArrayOutputStream();
            try (InputStream in = connection.getInputStream()) {
                byte[] buffer = new byte[8192];
                for (int n; (n = in.read(buffer)) > 0 && text.size() < 64 * 1024; ) text.write(buffer, 0, n);
            }
            JSONObject json = new JSONObject(text.toString("UTF-8"));
            return new UpdateCheck.Offer(
                    json.isNull("versionCode") ? null : json.getLong("versionCode"),
                    json.isNull("versionName") ? null : json.getString("versionName"),
                    json.isNull("sha256") ? null : json.getString("sha256"),
                    json.isNull("size") ? null : json.getLong("size"),
                    json.isNull("url") ? null : json.getString("url"));
        } finally {
            connection.disconnect();
        }
    }

    private static void download(String base, UpdateCheck.Offer offer, File apk) throws Exception {
        File parent = apk.getParentFile();
        if (!parent.isDirectory() && !parent.mkdirs()) throw new IllegalStateException("cannot create " + parent);
        HttpURLConnection connection = (HttpURLConnection) new URL(new URL(base + "/"), offer.url).openConnection();
        try {
            connection.setConnectTimeout(15000);
            connection.setReadTimeout(60000);
            if (connection.getResponseCode() != 200) throw new IllegalStateException("HTTP " + connection.getResponseCode());
            try (InputStream in = connection.getInputStream(); OutputStream out = new FileOutputStream(apk)) {
                byte[] buffer = new byte[64 * 1024];
                long total = 0;
                for (int n; (n = in.read(buffer)) > 0; ) {
                    total += n;
                    // More than announced is already wrong: stop rather than fill the disk.
                    if (total > offer.size) throw new IllegalStateException("larger than " + offer.size + " bytes");
                    out.write(buffer, 0, n);
                }
            }
        } finally {
            connection.disconnect();
        }
    }

    /** Streams the verified APK into an install session and commits it; the result comes to {@link InstallResultReceiver}. */
    private void install(File apk) throws Exception {
        PackageInstaller installer = context.getPackageManager().getPackageInstaller();
        PackageInstaller.SessionParams params = new PackageInstaller.SessionParams(PackageInstaller.SessionParams.MODE_FULL_INSTALL);
        params.setAppPackageName(context.getPackageName());
        params.setSize(apk.length());
        int id = installer.createSession(params);
        PackageInstaller.Session session = installer.openSession(id);
        try {
            try (InputStream in = new FileInputStream(apk); OutputStream out = session.openWrite("sinalize-tv.apk", 0, apk.length())) {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) > 0; ) out.write(buffer, 0, n);
                session.fsync(out);
            }
            Intent result = new Intent(context, InstallResultReceiver.class);
            // Mutable (the default below targetSdk 31): the installer adds its status to it. A targetSdk
            // 31+ build must say FLAG_MUTABLE here.
            PendingIntent sender = PendingIntent.getBroadcast(context, id, result, PendingIntent.FLAG_UPDATE_CURRENT);
            session.commit(sender.getIntentSender());
        } catch (Exception e) {
            session.abandon();
            throw e;
        } finally {
            session.close();
        }
    }

    private boolean isDeviceOwner() {
        DevicePolicyManager dpm = (DevicePolicyManager) context.getSystemService(Context.DEVICE_POLICY_SERVICE);
        return dpm != null && dpm.isDeviceOwnerApp(context.getPackageName());
    }

    /** Drops earlier downloads (an installed or superseded version), keeping {@code keep}. */
    private void clearDownloads(String keep) {
        String[] names = dir.list();
        if (names == null) return;
        for (String name : names) if (!name.equals(keep)) new File(dir, name).delete();
    }
}
