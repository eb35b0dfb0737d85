/**
 * The wizard's preview player (docs/product.md#states): playing or stopped, plus the current item's
 * index. Every action carries the item count; with no items nothing changes.
 */
export type PreviewState = { playing: boolean; index: number };

export type PreviewAction =
  | { type: 'play'; count: number }
  | { type: 'pause' }
  | { type: 'toggle'; count: number }
  | { type: 'next'; count: number }
  | { type: 'previous'; count: number }
  /** The current item's time is up (the timer of a playing preview). */
  | { type: 'advance'; count: number };

export const initialPreview: PreviewState = { playing: false, index: 0 };

const wrap = (index: number, count: number) => ((index % count) + count) % count;

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  if (action.type === 'pause') return state.playing ? { ...state, playing: false } : state;
  if (!(action.count > 0)) return state;
  // The index is brought back into range first, in case the list shrank.
  const index = Math.min(state.index, action.count - 1);
  switch (action.type) {
    case 'play':
      return state.playing && index === state.index ? state : { playing: true, index };
    case 'toggle':
      return { playing: !state.playing, index };
    case 'next':
      return { ...state, index: wrap(index + 1, action.count) };
    case 'previous':
      return { ...state, index: wrap(index - 1, action.count) };
    case 'advance':
      return state.playing ? { ...state, index: wrap(index + 1, action.count) } : state;
  }
}

/** The current index for a list of `count` items (0 when empty). */
export const currentIndex = (state: PreviewState, count: number): number =>
  count > 0 ? Math.min(Math.max(state.index, 0), count - 1) : 0;

/** How long the current item stays on screen: its duration in seconds × 1000 (docs/product.md#constants). */
export const itemDelayMs = (durationSeconds: number): number => durationSeconds * 1000;

/** The position counter: `1 / 3`; `0 / 0` with no items. */
export const positionLabel = (state: PreviewState, count: number): string =>
  count > 0 ? `${currentIndex(state, count) + 1} / ${count}` : '0 / 0';
