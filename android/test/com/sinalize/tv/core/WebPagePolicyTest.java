package com.sinalize.tv.core;

public final class WebPagePolicyTest {
    static final String SERVER = "http://192.168.0.10:3000";

    public static void testAcceptsWebAddresses() {
        Check.isTrue(WebPagePolicy.accepts("https://example.com/news?x=1", SERVER), "https");
        Check.isTrue(WebPagePolicy.accepts("http://example.com", SERVER), "http");
        Check.isTrue(WebPagePolicy.accepts("HTTPS://Example.com:8443/", SERVER), "upper case, port");
        Check.isTrue(WebPagePolicy.accepts("http://192.168.0.10:8080/", SERVER), "another port of the server's host");
        Check.isTrue(WebPagePolicy.accepts("http://192.168.0.10:3000.example.com/", SERVER), "a host that only starts alike");
    }

    public static void testRefusesOtherSchemesAndTheServer() {
        Check.isTrue(!WebPagePolicy.accepts("javascript:alert(1)", SERVER), "javascript:");
        Check.isTrue(!WebPagePolicy.accepts("file:///sdcard/x.html", SERVER), "file:");
        Check.isTrue(!WebPagePolicy.accepts("intent://scan/#Intent;scheme=zxing;end", SERVER), "intent:");
        Check.isTrue(!WebPagePolicy.accepts("market://details?id=x", SERVER), "market:");
        Check.isTrue(!WebPagePolicy.accepts("data:text/html,hi", SERVER), "data:");
        Check.isTrue(!WebPagePolicy.accepts("http:///path", SERVER), "no host");
        Check.isTrue(!WebPagePolicy.accepts("https://user@/", SERVER), "no host after credentials");
        Check.isTrue(!WebPagePolicy.accepts(null, SERVER), "null");
        // The server's own pages share the player's storage (the TV's token).
        Check.isTrue(!WebPagePolicy.accepts("http://192.168.0.10:3000/player", SERVER), "the server");
        Check.isTrue(!WebPagePolicy.accepts("HTTP://192.168.0.10:3000", SERVER), "the server, upper case");
    }

    public static void testChecksKeysAndWritesTheCallback() {
        Check.isTrue(WebPagePolicy.isKey("wp-12_a"), "plain key");
        Check.isTrue(!WebPagePolicy.isKey("a'b"), "quote");
        Check.isTrue(!WebPagePolicy.isKey(""), "empty");
        Check.isTrue(!WebPagePolicy.isKey(null), "null");
        Check.equal("window.__sinalizeWebPage&&window.__sinalizeWebPage('wp-3','loaded')",
                WebPagePolicy.callbackScript("wp-3", WebPagePolicy.LOADED));
        try {
            WebPagePolicy.callbackScript("x');alert(1);('", WebPagePolicy.FAILED);
            throw new AssertionError("wrote a script from a bad key");
        } catch (IllegalArgumentException expected) {
            // never reaches the player's page
        }
    }
}
