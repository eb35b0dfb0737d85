import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  canGoNext,
  canSave,
  initWizard,
  moveItem,
  normalizeItemDuration,
  stepPercent,
  totalDuration,
  wizardReducer,
  type WizardAction,
  type WizardState,
} from './wizard';

const run = (state: WizardState, ...actions: WizardAction[]) => actions.reduce(wizardReducer, state);
const select = (mediaId: number): WizardAction => ({ type: 'toggleMedia', mediaId, selected: true });
const deselect = (mediaId: number): WizardAction => ({ type: 'toggleMedia', mediaId, selected: false });
const ids = (state: WizardState) => state.items.map((item) => item.mediaId);
const orders = (state: WizardState) => state.items.map((item) => item.order);

describe('the playlist wizard of docs/product.md#states: steps run 1 to 3, one at a time', () => {
  it('starts on step 1 with no items', () => {
    expect(initWizard()).toEqual({ step: 1, items: [], durations: {} });
  });

  it('next and back move exactly one step, never below 1 or above 3', () => {
    let state = initWizard();
    state = run(state, { type: 'next', name: 'Vitrine' });
    expect(state.step).toBe(2);
    state = run(state, select(7), { type: 'next', name: 'Vitrine' });
    expect(state.step).toBe(3);
    expect(run(state, { type: 'next', name: 'Vitrine' }).step).toBe(3);
    state = run(state, { type: 'back' });
    expect(state.step).toBe(2);
    state = run(state, { type: 'back' }, { type: 'back' }, { type: 'back' });
    expect(state.step).toBe(1);
    expect(canGoBack(state)).toBe(false);
  });

  it('the progress is 33%, 67% and 100%', () => {
    expect([stepPercent(1), stepPercent(2), stepPercent(3)]).toEqual([33, 67, 100]);
  });
});

describe('docs/product.md#states: Next is disabled on step 1 while the name is blank, and on step 2 with no selected media', () => {
  it('step 1: a blank name (empty or only spaces) blocks Next; any other name allows it', () => {
    const state = initWizard();
    expect(canGoNext(state, '')).toBe(false);
    expect(canGoNext(state, '   ')).toBe(false);
    expect(canGoNext(state, 'Vitrine')).toBe(true);
    // The reducer enforces the same rule.
    expect(run(state, { type: 'next', name: ' ' }).step).toBe(1);
  });

  it('step 2: no selected media blocks Next; one is enough', () => {
    const state = run(initWizard(), { type: 'next', name: 'Vitrine' });
    expect(canGoNext(state, 'Vitrine')).toBe(false);
    expect(run(state, { type: 'next', name: 'Vitrine' }).step).toBe(2);
    expect(canGoNext(run(state, select(1)), 'Vitrine')).toBe(true);
    // Deselecting the only media blocks it again.
    expect(canGoNext(run(state, select(1), deselect(1)), 'Vitrine')).toBe(false);
  });

  it('step 3 has no Next (Save takes its place)', () => {
    const state = run(initWizard(), { type: 'next', name: 'x' }, select(1), { type: 'next', name: 'x' });
    expect(canGoNext(state, 'x')).toBe(false);
  });
});

describe('docs/product.md#states: Save is disabled with no items or while a request is pending', () => {
  it.each([
    [0, false, false],
    [0, true, false],
    [2, true, false],
    [2, false, true],
  ])('%i item(s), pending %s → enabled %s', (count, pending, enabled) => {
    expect(canSave(count, pending)).toBe(enabled);
  });
});

describe('docs/product.md#states: selecting or deselecting media adds or removes items', () => {
  it('selecting appends the media at the end; selecting it again changes nothing', () => {
    const state = run(initWizard(), select(5), select(3), select(9));
    expect(ids(state)).toEqual([5, 3, 9]);
    expect(run(state, select(3))).toBe(state);
  });

  it('deselecting (or the remove button) takes the item out; deselecting an absent media changes nothing', () => {
    const state = run(initWizard(), select(5), select(3), select(9));
    expect(ids(run(state, deselect(3)))).toEqual([5, 9]);
    expect(ids(run(state, { type: 'removeItem', mediaId: 5 }))).toEqual([3, 9]);
    expect(run(state, deselect(42))).toBe(state);
    expect(run(state, { type: 'removeItem', mediaId: 42 })).toBe(state);
  });
});

describe('docs/product.md#states: a new item defaults to 8 seconds and keeps its existing duration if already chosen', () => {
  it('a first selection gets 8 seconds', () => {
    expect(run(initWizard(), select(5)).items).toEqual([{ mediaId: 5, duration: 8, order: 0 }]);
  });

  it('deselected then selected again, a media gets back the duration chosen for it', () => {
    const state = run(
      initWizard(),
      select(5),
      { type: 'setDuration', mediaId: 5, duration: 20 },
      deselect(5),
      select(5),
    );
    expect(state.items).toEqual([{ mediaId: 5, duration: 20, order: 0 }]);
  });

  it('on edit, the playlist’s own durations are the existing ones', () => {
    const state = initWizard([{ mediaId: 5, duration: 15, order: 0 }]);
    expect(run(state, deselect(5), select(5)).items).toEqual([{ mediaId: 5, duration: 15, order: 0 }]);
  });
});

describe('docs/product.md#states: the order is reassigned on every change and reorder', () => {
  it('orders are always 0..n-1 in list order, after adding, removing and moving', () => {
    let state = run(initWizard(), select(1), select(2), select(3), select(4));
    expect(orders(state)).toEqual([0, 1, 2, 3]);
    state = run(state, deselect(2));
    expect(ids(state)).toEqual([1, 3, 4]);
    expect(orders(state)).toEqual([0, 1, 2]);
    state = run(state, { type: 'reorder', from: 2, to: 0 });
    expect(ids(state)).toEqual([4, 1, 3]);
    expect(orders(state)).toEqual([0, 1, 2]);
  });

  it('on edit, the items start sorted by their saved order, renumbered from 0', () => {
    const state = initWizard([
      { mediaId: 3, duration: 5, order: 7 },
      { mediaId: 1, duration: 6, order: 2 },
      { mediaId: 2, duration: 9, order: 4 },
    ]);
    expect(state.items).toEqual([
      { mediaId: 1, duration: 6, order: 0 },
      { mediaId: 2, duration: 9, order: 1 },
      { mediaId: 3, duration: 5, order: 2 },
    ]);
  });
});

describe('docs/product.md#states: reordering with no drop destination does nothing; otherwise source index → destination index', () => {
  const base = run(initWizard(), select(10), select(20), select(30), select(40));

  it('no destination (null or undefined) returns the same state', () => {
    expect(run(base, { type: 'reorder', from: 1, to: null })).toBe(base);
    expect(run(base, { type: 'reorder', from: 1, to: undefined })).toBe(base);
  });

  it('moves down and up', () => {
    expect(ids(run(base, { type: 'reorder', from: 0, to: 2 }))).toEqual([20, 30, 10, 40]);
    expect(ids(run(base, { type: 'reorder', from: 3, to: 1 }))).toEqual([10, 40, 20, 30]);
  });

  it('the same index, or an index out of range, changes nothing', () => {
    expect(run(base, { type: 'reorder', from: 2, to: 2 })).toBe(base);
    expect(run(base, { type: 'reorder', from: -1, to: 2 })).toBe(base);
    expect(run(base, { type: 'reorder', from: 1, to: 4 })).toBe(base);
  });

  it('moveItem keeps the others in their relative order', () => {
    expect(moveItem(['a', 'b', 'c', 'd', 'e'], 1, 3)).toEqual(['a', 'c', 'd', 'b', 'e']);
  });
});

describe('docs/product.md#states: changing one item’s duration updates only that item', () => {
  it('the other items keep theirs', () => {
    const state = run(initWizard(), select(1), select(2), select(3), { type: 'setDuration', mediaId: 2, duration: 30 });
    expect(state.items.map((item) => item.duration)).toEqual([8, 30, 8]);
  });

  it('a media that is not selected is ignored', () => {
    const state = run(initWizard(), select(1));
    expect(run(state, { type: 'setDuration', mediaId: 2, duration: 30 })).toBe(state);
  });
});

describe('docs/product.md#validation: item duration minimum 1, falling back to 8 if not a number', () => {
  it.each([
    [12, 12],
    ['15', 15],
    [1, 1],
    [0, 1],
    [-5, 1],
    ['0', 1],
    [2.9, 2],
    ['', 8],
    ['  ', 8],
    ['abc', 8],
    [Number.NaN, 8],
    [Number.POSITIVE_INFINITY, 8],
    [null, 8],
    [undefined, 8],
  ])('%j → %i', (input, expected) => {
    expect(normalizeItemDuration(input)).toBe(expected);
  });

  it('the API’s ceiling (24 h) is not exceeded', () => {
    expect(normalizeItemDuration(10_000_000)).toBe(86_400);
  });

  it('the reducer applies the rule', () => {
    const state = run(initWizard(), select(1), select(2));
    expect(run(state, { type: 'setDuration', mediaId: 1, duration: '0' }).items[0]?.duration).toBe(1);
    expect(run(state, { type: 'setDuration', mediaId: 1, duration: 'x' }).items[0]?.duration).toBe(8);
  });
});

describe('total playing time', () => {
  it('sums the item durations', () => {
    expect(totalDuration([{ duration: 8 }, { duration: 30 }, { duration: 22 }])).toBe(60);
    expect(totalDuration([])).toBe(0);
  });
});
