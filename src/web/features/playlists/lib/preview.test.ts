import { describe, expect, it } from 'vitest';
import {
  currentIndex,
  initialPreview,
  itemDelayMs,
  positionLabel,
  previewReducer,
  type PreviewAction,
  type PreviewState,
} from './preview';

const run = (state: PreviewState, ...actions: PreviewAction[]) => actions.reduce(previewReducer, state);

describe('the preview of docs/product.md#states: playing or stopped, plus the index of the current item', () => {
  it('starts stopped on the first item', () => {
    expect(initialPreview).toEqual({ playing: false, index: 0 });
    expect(positionLabel(initialPreview, 3)).toBe('1 / 3');
  });

  it('play, pause and toggle switch between playing and stopped, keeping the item', () => {
    const playing = run(initialPreview, { type: 'next', count: 3 }, { type: 'play', count: 3 });
    expect(playing).toEqual({ playing: true, index: 1 });
    expect(run(playing, { type: 'pause' })).toEqual({ playing: false, index: 1 });
    expect(run(playing, { type: 'toggle', count: 3 })).toEqual({ playing: false, index: 1 });
    expect(run(initialPreview, { type: 'toggle', count: 3 })).toEqual({ playing: true, index: 0 });
  });

  it('previous and next move one item and wrap at both ends', () => {
    expect(run(initialPreview, { type: 'previous', count: 3 }).index).toBe(2);
    expect(
      run(initialPreview, { type: 'next', count: 3 }, { type: 'next', count: 3 }, { type: 'next', count: 3 }).index,
    ).toBe(0);
  });
});

describe('docs/product.md#states: while playing it advances after each item’s duration and wraps to the first after the last', () => {
  it('advance moves to the next item only while playing', () => {
    expect(run(initialPreview, { type: 'advance', count: 3 })).toBe(initialPreview);
    const playing = run(initialPreview, { type: 'play', count: 3 });
    expect(run(playing, { type: 'advance', count: 3 })).toEqual({ playing: true, index: 1 });
  });

  it('after the last item comes the first', () => {
    const playing = run(initialPreview, { type: 'play', count: 3 });
    const positions = [1, 2, 3, 4].map(
      (n) => run(playing, ...Array.from({ length: n }, () => ({ type: 'advance', count: 3 }) as const)).index,
    );
    expect(positions).toEqual([1, 2, 0, 1]);
  });

  it('the delay is the duration in seconds × 1000 (docs/product.md#constants)', () => {
    expect(itemDelayMs(8)).toBe(8000);
    expect(itemDelayMs(1)).toBe(1000);
  });
});

describe('docs/product.md#states: it does nothing when there are no items', () => {
  it.each<PreviewAction>([
    { type: 'play', count: 0 },
    { type: 'toggle', count: 0 },
    { type: 'next', count: 0 },
    { type: 'previous', count: 0 },
    { type: 'advance', count: 0 },
  ])('$type with 0 items keeps the state', (action) => {
    expect(previewReducer(initialPreview, action)).toBe(initialPreview);
  });

  it('the counter reads 0 / 0', () => {
    expect(positionLabel(initialPreview, 0)).toBe('0 / 0');
  });
});

describe('an index left beyond a shorter list', () => {
  it('is read as the last item and brought back in range by the next action', () => {
    const state: PreviewState = { playing: true, index: 5 };
    expect(currentIndex(state, 2)).toBe(1);
    expect(positionLabel(state, 2)).toBe('2 / 2');
    expect(run(state, { type: 'advance', count: 2 }).index).toBe(0);
  });
});
