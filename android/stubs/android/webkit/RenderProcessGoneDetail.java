package android.webkit;

/**
 * Compile-only stub of the API 26 class (the build compiles against API 23): used for the
 * {@code onRenderProcessGone} override, never packed into the app; the real class is on the TV.
 */
public abstract class RenderProcessGoneDetail {
    public abstract boolean didCrash();

    public abstract int rendererPriorityAtExit();
}
