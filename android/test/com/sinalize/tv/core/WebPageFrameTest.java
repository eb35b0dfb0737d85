package com.sinalize.tv.core;

public final class WebPageFrameTest {
    public static void testScalesTheZoneByTheDensity() {
        // The right half of a 960x540 CSS px player on a 1920x1080 TV (density 2).
        WebPageFrame f = WebPageFrame.of(480, 0, 480, 540, 0, 2f);
        Check.equal("960,0 960x1080 @0", f.toString());
        f = WebPageFrame.of(10.25, 20.5, 100.5, 50.25, 0, 1.5f);
        Check.equal(15, f.left);
        Check.equal(31, f.top);
        Check.equal(151, f.width);
        Check.equal(75, f.height);
    }

    public static void testTurnsTheViewWithATurnedStage() {
        // A 1080x1920 portrait stage turned 90° on a 1920x1080 output (density 1): its top quarter
        // (1080x480 unturned) is the screen's right strip, a box 480 wide and 1080 high at x 1440.
        WebPageFrame f = WebPageFrame.of(1440, 0, 480, 1080, 90, 1f);
        Check.equal(1080, f.width);
        Check.equal(480, f.height);
        Check.equal(90, f.rotation);
        // Laid out unturned around the box's centre (1680, 540), then turned about that centre.
        Check.equal(1140, f.left);
        Check.equal(300, f.top);
        Check.equal(270, WebPageFrame.of(0, 0, 10, 20, -90, 1f).rotation);
        Check.equal(180, WebPageFrame.of(0, 0, 10, 20, 540, 1f).rotation);
        Check.equal(10, WebPageFrame.of(0, 0, 10, 20, 180, 1f).width);
    }

    public static void testRefusesWhatCannotBeDrawn() {
        Check.equal(null, WebPageFrame.of(0, 0, 0, 100, 0, 1f));
        Check.equal(null, WebPageFrame.of(0, 0, 100, -5, 0, 1f));
        Check.equal(null, WebPageFrame.of(Double.NaN, 0, 100, 100, 0, 1f));
        Check.equal(null, WebPageFrame.of(0, 0, Double.POSITIVE_INFINITY, 100, 0, 1f));
        Check.equal(null, WebPageFrame.of(0, 0, 100, 100, 45, 1f));
        Check.equal(null, WebPageFrame.of(0, 0, 100, 100, 0, 0f));
    }

    public static void testMapsTheZoomToAnInitialScale() {
        Check.equal(100, WebPageFrame.initialScale(100, 1f));
        Check.equal(200, WebPageFrame.initialScale(100, 2f));
        Check.equal(75, WebPageFrame.initialScale(50, 1.5f));
        Check.equal(25, WebPageFrame.initialScale(5, 1f));
        Check.equal(800, WebPageFrame.initialScale(1000, 2f));
        Check.equal(150, WebPageFrame.initialScale(150, 0f));
    }
}
