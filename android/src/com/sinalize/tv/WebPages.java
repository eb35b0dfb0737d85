package com.sinalize.tv;

import android.annotation.SuppressLint;
import android.content.Context;
import android.graphics.Bitmap;
import android.net.http.SslError;
import android.os.Build;
import android.os.Handler;
import android.os.Looper;
import android.view.Gravity;
import android.view.View;
import android.webkit.RenderProcessGoneDetail;
import android.webkit.SslErrorHandler;
import android.webkit.WebResourceError;
import android.webkit.WebResourceRequest;
import android.webkit.WebResourceResponse;
import android.webkit.WebSettings;
import android.webkit.WebView;
import android.webkit.WebViewClient;
import android.widget.FrameLayout;
import com.sinalize.tv.core.WebPageFrame;
import com.sinalize.tv.core.WebPagePolicy;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;

/**
 * The web pages the player puts on screen in the app (docs/android.md#web-pages): each in a WebView
 * of its own, over the player's, at its zone's rectangle, where a site's framing rules
 * (X-Frame-Options, CSP frame-ancestors) do not apply. Called on the UI thread only
 * ({@link PlayerActivity} posts the bridge's calls there).
 *
 * <p>A page's view stays invisible until its first load has committed, so the player's zone (the
 * outgoing item beneath) shows meanwhile; the player hears "loaded" or "failed" through
 * {@link WebPagePolicy#callbackScript}, and shows its pt-BR notice on "failed". A reload loads a
 * fresh view beneath the shown one and swaps on success (a failed reload keeps the page shown).
 * A hidden page is destroyed: WebViews are heavy and a TV box has little memory.
 */
final class WebPages {
    interface Reporter {
        void report(String key, String state);
    }

    private final class Page {
        final String key;
        final String url;
        final int zoom;
        WebView view;
        /** A reload loading beneath {@link #view}, or null. */
        WebView next;
        boolean loaded;

        Page(String key, String url, int zoom) {
            this.key = key;
            this.url = url;
            this.zoom = zoom;
        }
    }

    /** Above the player's WebView and below the offline notice; lets touches through to the player. */
    final FrameLayout layer;
    private final Context context;
    private final String server;
    private final Reporter reporter;
    private final float density;
    private final Map<String, Page> pages = new HashMap<String, Page>();
    private final Handler handler = new Handler(Looper.getMainLooper());

    WebPages(Context context, String server, Reporter reporter) {
        this.context = context;
        this.server = server;
        this.reporter = reporter;
        this.density = context.getResources().getDisplayMetrics().density;
        layer = new FrameLayout(context);
        layer.setFocusable(false);
        layer.setClickable(false);
    }

    /**
     * Shows the page {@code key} at the rectangle (CSS px of the player's page, as the player
     * measures it on screen, and the quarter turns of its stage): loads it the first time, moves it
     * after. Another URL or zoom for a known key loads afresh.
     */
    void show(String key, String url, double left, double top, double width, double height, int rotation, int zoom) {
        if (!WebPagePolicy.isKey(key)) return;
        Page page = pages.get(key);
        if (page != null && (!page.url.equals(url) || page.zoom != zoom)) {
            hide(key);
            page = null;
        }
        if (page == null && !WebPagePolicy.accepts(url, server)) {
            reporter.report(key, WebPagePolicy.FAILED);
            return;
        }
        WebPageFrame frame = WebPageFrame.of(left, top, width, height, rotation, density);
        if (frame == null) return; // not laid out yet: the player calls again once it is
        if (page == null) {
            page = new Page(key, url, zoom);
            pages.put(key, page);
            page.view = create(page);
            page.view.setVisibility(View.INVISIBLE);
            layer.addView(page.view, place(page.view, frame));
            page.view.loadUrl(url);
            return;
        }
        page.view.setLayoutParams(place(page.view, frame));
        if (page.next != null) page.next.setLayoutParams(place(page.next, frame));
    }

    /** Loads the shown page again, beneath it; swapped in once loaded. Nothing for a page not loaded yet. */
    void reload(String key) {
        Page page = pages.get(key);
        if (page == null || !page.loaded) return;
        if (page.next != null) destroy(page.next);
        WebView next = create(page);
        next.setRotation(page.view.getRotation());
        layer.addView(next, layer.indexOfChild(page.view), new FrameLayout.LayoutParams((FrameLayout.LayoutParams) page.view.getLayoutParams()));
        page.next = next;
        next.loadUrl(page.url);
    }

    /** Takes the page off the screen and frees it. */
    void hide(String key) {
        Page page = pages.remove(key);
        if (page == null) return;
        if (page.next != null) destroy(page.next);
        destroy(page.view);
    }

    /** Every page (the player's page reloads or its WebView is replaced: its keys mean nothing any more). */
    void clear() {
        for (String key : new ArrayList<String>(pages.keySet())) hide(key);
    }

    @SuppressLint("SetJavaScriptEnabled")
    private WebView create(Page page) {
        WebView view = new WebView(context);
        view.setFocusable(false);
        view.setFocusableInTouchMode(false);
        view.setBackgroundColor(0xFFFFFFFF); // a browser's canvas: pages without a background expect white
        WebSettings settings = view.getSettings();
        settings.setJavaScriptEnabled(true);
        settings.setDomStorageEnabled(true);
        settings.setSupportMultipleWindows(false); // window.open and target=_blank stay in this view, no pop-up
        settings.setJavaScriptCanOpenWindowsAutomatically(false);
        settings.setAllowFileAccess(false);
        settings.setAllowContentAccess(false);
        settings.setGeolocationEnabled(false);
        settings.setSaveFormData(false);
        // The zoom as the browser player's CSS scale: laid out at width / zoom, drawn enlarged (WebPageFrame).
        view.setInitialScale(WebPageFrame.initialScale(page.zoom, density));
        view.setWebViewClient(new PageClient(page));
        // No WebChromeClient: no dialogs, no permission is ever granted, no full screen.
        return view;
    }

    private static FrameLayout.LayoutParams place(View view, WebPageFrame frame) {
        FrameLayout.LayoutParams params = new FrameLayout.LayoutParams(frame.width, frame.height, Gravity.TOP | Gravity.LEFT);
        params.leftMargin = frame.left;
        params.topMargin = frame.top;
        view.setRotation(frame.rotation); // about the view's centre, the box's centre
        return params;
    }

    /** Off the screen now, destroyed after the current callback (often the view's own client's) returns. */
    private void destroy(final WebView view) {
        layer.removeView(view);
        view.stopLoading();
        handler.post(new Runnable() {
            @Override
            public void run() {
                view.destroy();
            }
        });
    }

    private void loaded(Page page, WebView view) {
        if (pages.get(page.key) != page) return;
        if (view == page.view && !page.loaded) {
            page.loaded = true;
            view.setVisibility(View.VISIBLE);
            reporter.report(page.key, WebPagePolicy.LOADED);
        } else if (view == page.next) {
            WebView old = page.view;
            page.view = view;
            page.next = null;
            destroy(old);
        }
    }

    private void failed(Page page, WebView view) {
        if (pages.get(page.key) != page) return;
        if (view == page.next) {
            page.next = null;
            destroy(view); // a failed reload: the page already shown stays
        } else if (view == page.view) {
            hide(page.key);
            reporter.report(page.key, WebPagePolicy.FAILED);
        }
    }

    /** Keeps navigation inside the view on http(s), reports the first load, and survives its renderer. */
    private final class PageClient extends WebViewClient {
        private final Page page;
        /** Loaded or failed was decided for this view: later events of the page change nothing. */
        private boolean settled;

        PageClient(Page page) {
            this.page = page;
        }

        /** Links and redirects stay in this view; other schemes (intent:, market:, file:) and the server are refused. */
        @Override
        public boolean shouldOverrideUrlLoading(WebView view, String url) {
            return !WebPagePolicy.accepts(url, server);
        }

        /** The page is there to be drawn (API 23+): shown now, before its last image has loaded. */
        @Override
        public void onPageCommitVisible(WebView view, String url) {
            settle(view, true);
        }

        @Override
        public void onPageStarted(WebView view, String url, Bitmap favicon) {
            // nothing: a redirect starts again, the first commit or error decides
        }

        @Override
        public void onPageFinished(WebView view, String url) {
            settle(view, true);
        }

        @Override
        public void onReceivedError(WebView view, WebResourceRequest request, WebResourceError error) {
            if (request.isForMainFrame()) settle(view, false);
        }

        /** Android 5 and 6.0 report main-frame failures only through this older callback. */
        @Override
        @SuppressWarnings("deprecation")
        public void onReceivedError(WebView view, int errorCode, String description, String failingUrl) {
            if (Build.VERSION.SDK_INT < 23) settle(view, false);
        }

        /** An error status (404, 500…) is no page to show: the player's notice says so. */
        @Override
        public void onReceivedHttpError(WebView view, WebResourceRequest request, WebResourceResponse response) {
            if (request.isForMainFrame() && response.getStatusCode() >= 400) settle(view, false);
        }

        /** A bad certificate is refused (never proceeded); before the page showed, it is the page that failed. */
        @Override
        public void onReceivedSslError(WebView view, SslErrorHandler handler, SslError error) {
            handler.cancel();
            String url = error.getUrl();
            if (url != null && (url.equals(view.getUrl()) || url.equals(view.getOriginalUrl()) || url.equals(page.url))) settle(view, false);
        }

        /** API 26+ (compile-only stub): a page's renderer died. Returning true keeps the app alive. */
        public boolean onRenderProcessGone(WebView view, RenderProcessGoneDetail detail) {
            if (view == page.view) settled = false; // a shown page that died is a failure now
            settle(view, false);
            return true;
        }

        private void settle(WebView view, boolean ok) {
            if (settled) return;
            settled = true;
            if (ok) loaded(page, view);
            else failed(page, view);
        }
    }
}
