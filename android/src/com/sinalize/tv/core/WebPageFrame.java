package com.sinalize.tv.core;

/**
 * Where a web page's own WebView goes over the player's (docs/android.md#web-pages), in physical
 * pixels of the activity's window, from the zone's rectangle as the player measures it.
 *
 * <p>The player gives the rectangle the zone covers on the screen (its {@code getBoundingClientRect},
 * CSS px) and the quarter turns its stage is drawn with: a vertical TV on a landscape output turns
 * the whole stage by 90° (src/player/player.css, {@code .stage[data-rotated='true']}). The view is
 * then laid out with the zone's own, unturned, width and height, centred on that rectangle, and
 * turned by the same angle around its centre ({@code View.setRotation}), so the page reads upright
 * on the turned TV like the rest of the stage.
 */
public final class WebPageFrame {
    /** Left and top of the unturned view, its width and height, in px; its turn in degrees (0, 90, 180, 270). */
    public final int left;
    public final int top;
    public final int width;
    public final int height;
    public final int rotation;

    private WebPageFrame(int left, int top, int width, int height, int rotation) {
        this.left = left;
        this.top = top;
        this.width = width;
        this.height = height;
        this.rotation = rotation;
    }

    /**
     * The view's frame, or null for a rectangle that cannot be drawn (not a number, empty, negative:
     * a zone not laid out yet). {@code density}: physical px per CSS px of the player's WebView.
     */
    public static WebPageFrame of(double left, double top, double width, double height, int rotation, float density) {
        if (!finite(left) || !finite(top) || !finite(width) || !finite(height) || !(density > 0)) return null;
        if (width < 1 || height < 1) return null;
        int turn = ((rotation % 360) + 360) % 360;
        if (turn % 90 != 0) return null;
        boolean sideways = turn == 90 || turn == 270;
        double centreX = (left + width / 2) * density;
        double centreY = (top + height / 2) * density;
        int w = (int) Math.round((sideways ? height : width) * density);
        int h = (int) Math.round((sideways ? width : height) * density);
        return new WebPageFrame((int) Math.round(centreX - w / 2.0), (int) Math.round(centreY - h / 2.0), w, h, turn);
    }

    /**
     * {@code WebSettings.setInitialScale} for the item's zoom (25 to 400 %, src/contract/content.ts).
     * That scale counts physical px per CSS px in percent and ignores the density, so 100 % on a
     * density-2 screen is 200: the page is laid out at the view's width divided by the zoom and drawn
     * enlarged, as the browser player's CSS {@code scale} does. A zoom out of range is clamped.
     */
    public static int initialScale(int zoomPercent, float density) {
        int zoom = Math.max(25, Math.min(400, zoomPercent));
        float d = density > 0 ? density : 1;
        return Math.max(1, Math.round(zoom * d));
    }

    private static boolean finite(double value) {
        return !Double.isNaN(value) && !Double.isInfinite(value);
    }

    @Override
    public String toString() {
        return left + "," + top + " " + width + "x" + height + " @" + rotation;
    }
}
