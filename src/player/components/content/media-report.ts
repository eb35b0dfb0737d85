import { useEffect, useRef, type RefObject } from 'react';
import { IMAGE_ERROR_MESSAGE } from '../../lib/media-error';

/** What each item on a layer tells the window engine (lib/window-engine.ts): ready, painted or failed. */
export type MediaProps = {
  /** On screen and its first frame not yet reported: `onPainted` once it is. */
  painting: boolean;
  onReady: () => void;
  /** Why, in the player's words (lib/media-error.ts). */
  onFailed: (message: string) => void;
  onPainted: () => void;
};

/** Two animation frames: the frame that drew the element's current state has been produced. */
export function afterPaint(done: () => void): () => void {
  let id = requestAnimationFrame(() => {
    id = requestAnimationFrame(done);
  });
  return () => cancelAnimationFrame(id);
}

/**
 * The latest callbacks (the engine's, re-created on every render), and `onPainted` a frame after
 * the item is put on screen: what every kind shares with ImageMedia.
 */
export function useMediaReport({ painting, onReady, onFailed, onPainted }: MediaProps) {
  const callbacks = useRef({ onReady, onFailed, onPainted });
  useEffect(() => {
    callbacks.current = { onReady, onFailed, onPainted };
  });
  useEffect(() => (painting ? afterPaint(() => callbacks.current.onPainted()) : undefined), [painting]);
  return callbacks;
}

/** For a kind drawn from its options alone (text, clock, QR code): ready once mounted and laid out. */
export function useReadyOnMount(props: MediaProps) {
  const callbacks = useMediaReport(props);
  useEffect(() => callbacks.current.onReady(), [callbacks]);
  return callbacks;
}

/**
 * For an effect: ready once the picture is decoded, so the swap paints it whole at once; failed
 * when there is no picture or it cannot be read. `decode()` can reject for a picture that did load
 * (an interrupted decode): the pixels are trusted then. Returns the effect's cleanup.
 */
export function reportDecoded(
  img: HTMLImageElement | null,
  callbacks: RefObject<Pick<MediaProps, 'onReady' | 'onFailed'>>,
): () => void {
  let live = true;
  if (!img) callbacks.current.onFailed(IMAGE_ERROR_MESSAGE);
  else
    img.decode().then(
      () => live && callbacks.current.onReady(),
      () =>
        live &&
        (img.complete && img.naturalWidth > 0
          ? callbacks.current.onReady()
          : callbacks.current.onFailed(IMAGE_ERROR_MESSAGE)),
    );
  return () => {
    live = false;
  };
}
