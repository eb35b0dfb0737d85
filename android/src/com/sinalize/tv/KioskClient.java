package com.sinalize.tv;

import android.graphics.Bitmap;
import android.os.Build;
import android.webkit.RenderProcessGoneDetail;
import android.webkit.WebResourceError;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import com.sinalize.tv.core.MediaKeys;
import com.sinalize.tv.core.ServerAddress;
import java.io.File;
import java.util.Map;

/**
 * The kiosk's WebViewClient: keeps the WebView on the server's pages, answers player media from the
 * native cache, and tells the activity when the player page failed to load or the renderer died.
 */
final class KioskClient extends WebViewClient {
    interface Listener {
        /** The player's page starts (again): what it had put on screen natively (web pages) goes. */
        void onPlayerStarting();

        void onPlayerLoaded();

        void onPlayerFailed();

        void onRendererGone();
    }

    private final String server;
    private final MediaCache cache;
    private final Listener listener;
    private boolean failed;

    KioskClient(String server, MediaCache cache, Listener listener) {
        this.server = server;
        this.cache = cache;
        this.listener = listener;
    }

    /** Other sites never open in the kiosk (and so never reach the bridge). */
    @Override
    public boolean shouldOverrideUrlLoading(WebView view, String url) {
        return !ServerAddress.sameOrigin(server, url);
    }

    @Override
    public WebResourceResponse shouldInterceptRequest(WebView view, WebResourceRequest request) {
        if (!"GET".equalsIgnoreCase(request.getMethod())) return null;
        String url = request.getUrl().toString();
        if (!ServerAddress.sameOrigin(server, url)) return null;
        String sha = MediaKeys.shaOf(url);
        if (sha == null) return null;
        File file = cache.cached(sha);
        if (file == null) {
            // First play of a new file: the network as asked, and a copy on disk for later.
            cache.wantNow(sha);
            return null;
        }
        try {
            return MediaResponses.of(file, cache.mimeTypeOf(sha, file), header(request.getRequestHeaders(), "Range"));
        } catch (Exception e) {
            return null;
        }
    }

    @Override
    public void onPageStarted(WebView view, String url, Bitmap favicon) {
        failed = false;
        listener.onPlayerStarting();
    }

    @Override
    public void onPageFinished(WebView view, String url) {
        if (!failed) listener.onPlayerLoaded();
    }

    @Override
    public void onReceivedError(WebView view, WebResourceRequest request, WebResourceError error) {
        if (request.isForMainFrame()) fail();
    }

    /** Android 5 and 6.0 report main-frame failures only through this older callback. */
    @Override
    @SuppressWarnings("deprecation")
    public void onReceivedError(WebView view, int errorCode, String description, String failingUrl) {
        if (Build.VERSION.SDK_INT < 23) fail();
    }

    @Override
    public void onReceivedHttpError(WebView view, WebResourceRequest request, WebResourceResponse response) {
        // A proxy's 502 while the server restarts is no player page either.
        if (request.isForMainFrame() && response.getStatusCode() >= 500) fail();
    }

    /** API 26+ (compile-only stub): the renderer crashed or was killed for memory. Returning true keeps the app alive. */
    public boolean onRenderProcessGone(WebView view, RenderProcessGoneDetail detail) {
        listener.onRendererGone();
        return true;
    }

    private void fail() {
        if (failed) return;
        failed = true;
        listener.onPlayerFailed();
    }

    private static String header(Map<String, String> headers, String name) {
        if (headers == null) return null;
        for (Map.Entry<String, String> entry : headers.entrySet()) if (name.equalsIgnoreCase(entry.getKey())) return entry.getValue();
        return null;
    }
}
