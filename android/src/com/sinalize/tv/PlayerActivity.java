package com.sinalize.tv;

import android.annotation.SuppressLint;
import android.app.Activity;
import android.content.Intent;
import android.os.Bundle;
import android.os.Handler;
import android.os.Looper;
import android.os.SystemClock;
import android.view.Gravity;
import android.view.KeyEvent;
import android.view.View;
import android.view.ViewGroup;
import android.webkit.ValueCallback;
import android.webkit.WebSettings;
import android.webkit.WebView;
import android.widget.FrameLayout;
import android.widget.TextView;
import android.widget.Toast;
import com.sinalize.tv.core.DoublePress;
import com.sinalize.tv.core.RetryPolicy;
import com.sinalize.tv.core.ServerAddress;
import com.sinalize.tv.core.UpdateCheck;
import com.sinalize.tv.core.WebPagePolicy;
import java.io.File;
import java.util.Random;

/**
 * The kiosk: a full-screen WebView on {@code <server>/player}, kept on screen. BACK never leaves
 * (twice opens the settings, as MENU does); a failed load shows why and retries on
 * {@link RetryPolicy}; a dead renderer gets a fresh WebView. With no server address yet, the
 * first-run screen opens. Once the player has loaded, {@link UpdateManager} checks for a newer app.
 */
public final class PlayerActivity extends Activity implements KioskClient.Listener {
    private final Handler handler = new Handler(Looper.getMainLooper());
    private final Random random = new Random();
    private final DoublePress back = new DoublePress();
    private FrameLayout root;
    private WebView webView;
    private TextView notice;
    private MediaCache cache;
    /** The web pages on screen, each in its own WebView over the player's (docs/android.md#web-pages). */
    private WebPages webPages;
    private UpdateManager updates;
    private String server;
    private int attempt;
    private boolean triedCache;
    /** False while the player is outside its opening hours (AppBridge.setKeepScreenOn): the TV may sleep. */
    private boolean keepScreenOn = true;

    /** The TV's token, read where the web player keeps it: the update check is a TV call like the player's. */
    private final UpdateManager.TokenSource tokens = new UpdateManager.TokenSource() {
        @Override
        public void fetch(final ValueCallback<String> done) {
            if (webView == null) {
                done.onReceiveValue(null);
                return;
            }
            webView.evaluateJavascript(UpdateCheck.TOKEN_SCRIPT, new ValueCallback<String>() {
                @Override
                public void onReceiveValue(String value) {
                    done.onReceiveValue(UpdateCheck.tokenFromJs(value));
                }
            });
        }
    };

    private final Runnable retry = new Runnable() {
        @Override
        public void run() {
            load();
        }
    };

    @Override
    protected void onCreate(Bundle state) {
        super.onCreate(state);
        Kiosk.apply(this, keepScreenOn);
        cache = new MediaCache(new File(getFilesDir(), "media"));
        updates = new UpdateManager(this, versionCode());
        root = new FrameLayout(this);
        root.setBackgroundColor(0xFF000000);
        notice = new TextView(this);
        notice.setTextColor(0xFFF8FAFC);
        notice.setTextSize(24);
        notice.setGravity(Gravity.CENTER);
        notice.setPadding(96, 96, 96, 96);
        notice.setBackgroundColor(0xFF0F172A);
        notice.setVisibility(View.GONE);
        setContentView(root);
    }

    @Override
    protected void onResume() {
        super.onResume();
        Kiosk.apply(this, keepScreenOn);
        String saved = AppPrefs.server(this);
        if (saved == null) {
            startActivity(new Intent(this, SetupActivity.class));
            return;
        }
        if (!saved.equals(server) || webView == null) {
            server = saved;
            createWebView();
            attempt = 0;
            load();
        }
    }

    @Override
    public void onWindowFocusChanged(boolean hasFocus) {
        super.onWindowFocusChanged(hasFocus);
        if (hasFocus) Kiosk.apply(this, keepScreenOn);
    }

    /** From the player (any thread): keep the screen on, or let it sleep outside the opening hours. */
    void setKeepScreenOn(final boolean on) {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                keepScreenOn = on;
                Kiosk.keepScreenOn(PlayerActivity.this, on);
            }
        });
    }

    /**
     * From the player (any thread): show, move, reload or hide a web page's own WebView, on the UI
     * thread ({@link WebPages}). A call that arrives after the player's WebView was replaced is dropped.
     */
    void showWebPage(final String key, final String url, final double left, final double top, final double width,
            final double height, final int rotation, final int zoom) {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                if (webPages != null) webPages.show(key, url, left, top, width, height, rotation, zoom);
            }
        });
    }

    void reloadWebPage(final String key) {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                if (webPages != null) webPages.reload(key);
            }
        });
    }

    void hideWebPage(final String key) {
        runOnUiThread(new Runnable() {
            @Override
            public void run() {
                if (webPages != null) webPages.hide(key);
            }
        });
    }

    /** Tells the player what became of a page: it shows its notice on "failed" (src/player/lib/app-bridge.ts). */
    private final WebPages.Reporter webPageReporter = new WebPages.Reporter() {
        @Override
        public void report(String key, String state) {
            if (webView != null) webView.evaluateJavascript(WebPagePolicy.callbackScript(key, state), null);
        }
    };

    @SuppressLint({"SetJavaScriptEnabled", "AddJavascriptInterface"})
    private void createWebView() {
        destroyWebView();
        webPages = new WebPages(this, server, webPageReporter);
        webView = new WebView(this);
        webView.setBackgroundColor(0xFF000000);
        WebSettings settings = webView.getSettings();
        settings.setJavaScriptEnabled(true);
        settings.setDomStorageEnabled(true);
        settings.setMediaPlaybackRequiresUserGesture(false);
        settings.setUserAgentString(settings.getUserAgentString() + " SinalizeTV/" + versionName());
        webView.setWebViewClient(new KioskClient(server, cache, this));
        webView.addJavascriptInterface(new AppBridge(this, cache, server, versionName()), AppBridge.NAME);
        root.removeAllViews();
        root.addView(webView, new FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT));
        root.addView(webPages.layer, new FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT));
        root.addView(notice, new FrameLayout.LayoutParams(ViewGroup.LayoutParams.MATCH_PARENT, ViewGroup.LayoutParams.MATCH_PARENT));
        webView.requestFocus();
    }

    private void destroyWebView() {
        if (webPages != null) {
            webPages.clear();
            root.removeView(webPages.layer);
            webPages = null;
        }
        if (webView == null) return;
        root.removeView(webView);
        webView.destroy();
        webView = null;
    }

    private void load() {
        handler.removeCallbacks(retry);
        if (webView == null) return;
        triedCache = false;
        webView.getSettings().setCacheMode(WebSettings.LOAD_DEFAULT);
        webView.loadUrl(ServerAddress.playerUrl(server));
    }

    @Override
    public void onPlayerStarting() {
        if (webPages != null) webPages.clear();
    }

    @Override
    public void onPlayerLoaded() {
        // Back to the network for everything the page asks from now on (its API calls above all).
        webView.getSettings().setCacheMode(WebSettings.LOAD_DEFAULT);
        AppPrefs.markLoaded(this);
        attempt = 0;
        notice.setVisibility(View.GONE);
        updates.start(server, tokens);
    }

    @Override
    public void onPlayerFailed() {
        if (!triedCache && AppPrefs.loadedOnce(this)) {
            // Server out of reach but the page was loaded before: start the player from the WebView's
            // cache; it plays the stored manifest and media and reconnects by itself.
            triedCache = true;
            webView.getSettings().setCacheMode(WebSettings.LOAD_CACHE_ONLY);
            webView.loadUrl(ServerAddress.playerUrl(server));
            return;
        }
        attempt++;
        long delay = RetryPolicy.delayMs(attempt, random.nextDouble());
        notice.setText(getString(R.string.player_offline, server, (int) Math.ceil(delay / 1000.0)));
        notice.setVisibility(View.VISIBLE);
        handler.removeCallbacks(retry);
        handler.postDelayed(retry, delay);
    }

    @Override
    public void onRendererGone() {
        // The WebView is unusable once its renderer is gone: a new one, and the player again.
        createWebView();
        attempt = 0;
        load();
    }

    @Override
    public boolean dispatchKeyEvent(KeyEvent event) {
        int code = event.getKeyCode();
        if (code == KeyEvent.KEYCODE_MENU || code == KeyEvent.KEYCODE_SETTINGS) {
            if (event.getAction() == KeyEvent.ACTION_UP) openSetup();
            return true;
        }
        if (code == KeyEvent.KEYCODE_BACK) {
            if (event.getAction() == KeyEvent.ACTION_UP) {
                if (back.press(SystemClock.uptimeMillis())) openSetup();
                else Toast.makeText(this, R.string.player_back_again, Toast.LENGTH_SHORT).show();
            }
            return true;
        }
        return super.dispatchKeyEvent(event);
    }

    @Override
    public void onBackPressed() {
        // The kiosk never closes on BACK (handled in dispatchKeyEvent).
    }

    private void openSetup() {
        startActivity(new Intent(this, SetupActivity.class));
    }

    private String versionName() {
        try {
            return getPackageManager().getPackageInfo(getPackageName(), 0).versionName;
        } catch (Exception e) {
            return "?";
        }
    }

    @SuppressWarnings("deprecation") // versionCode: getLongVersionCode is API 28, and the build's codes fit an int
    private long versionCode() {
        try {
            return getPackageManager().getPackageInfo(getPackageName(), 0).versionCode;
        } catch (Exception e) {
            return Long.MAX_VALUE; // unknown: never update rather than loop
        }
    }

    @Override
    protected void onDestroy() {
        handler.removeCallbacks(retry);
        updates.stop();
        destroyWebView();
        super.onDestroy();
    }
}
