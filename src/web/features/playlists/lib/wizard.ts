import { DEFAULT_ITEM_DURATION_SECONDS, MIN_ITEM_DURATION_SECONDS, PLAYLIST_WIZARD_STEPS } from '@contract/constants';

/**
 * The playlist wizard's rules (docs/product.md#states and #validation), as a pure reducer so
 * they are tested without a DOM. The step-1 fields live in the form (react-hook-form); this state
 * holds the step and the selected items.
 */
export type WizardStep = 1 | 2 | 3;

export type WizardItem = { mediaId: number; duration: number; order: number };

export type WizardState = {
  step: WizardStep;
  /** The selected media, in playback order; `order` is always 0..n-1. */
  items: WizardItem[];
  /** Every duration chosen in this session, by media id: a media selected again gets it back. */
  durations: Readonly<Record<number, number>>;
};

export type WizardAction =
  /** `name` is the form's current name: step 1 cannot be left while it is blank. */
  | { type: 'next'; name: string }
  | { type: 'back' }
  | { type: 'toggleMedia'; mediaId: number; selected: boolean }
  | { type: 'removeItem'; mediaId: number }
  /** `to` is null when the drag ended outside any drop destination. */
  | { type: 'reorder'; from: number; to: number | null | undefined }
  | { type: 'setDuration'; mediaId: number; duration: unknown };

/** The largest item duration the API accepts (24 h, `playlistItemInputSchema`). */
export const MAX_ITEM_DURATION_SECONDS = 86_400;

/**
 * docs/product.md#validation: an item duration is at least 1 second and falls back to 8 when it is not a number.
 * Strings are read as numbers (a number input's value); fractions are cut to whole seconds.
 */
export function normalizeItemDuration(value: unknown): number {
  const n = typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(value)) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return DEFAULT_ITEM_DURATION_SECONDS;
  return Math.min(Math.max(Math.trunc(n), MIN_ITEM_DURATION_SECONDS), MAX_ITEM_DURATION_SECONDS);
}

/** Positions 0..n-1 in the list's order (docs/product.md#states: reassigned on every change and reorder). */
export const reassignOrder = (items: readonly WizardItem[]): WizardItem[] =>
  items.map((item, order) => (item.order === order ? item : { ...item, order }));

/** The wizard's first state: empty (create) or the playlist's items by their order (edit). */
export function initWizard(items: readonly { mediaId: number; duration: number; order?: number }[] = []): WizardState {
  const sorted = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? a.index) - (b.item.order ?? b.index) || a.index - b.index)
    .map(({ item }) => ({ mediaId: item.mediaId, duration: normalizeItemDuration(item.duration), order: 0 }));
  const durations: Record<number, number> = {};
  for (const item of sorted) durations[item.mediaId] = item.duration;
  return { step: 1, items: reassignOrder(sorted), durations };
}

/** docs/product.md#states: Next is disabled on step 1 while the name is blank and on step 2 with no media. */
export function canGoNext(state: Pick<WizardState, 'step' | 'items'>, name: string): boolean {
  if (state.step === 1) return name.trim().length > 0;
  if (state.step === 2) return state.items.length > 0;
  return false;
}

export const canGoBack = (state: Pick<WizardState, 'step'>): boolean => state.step > 1;

/** docs/product.md#states: Save is disabled with no items or while a request is pending. */
export const canSave = (itemCount: number, pending: boolean): boolean => itemCount > 0 && !pending;

/** The progress bar's percentage: 33, 67, 100. */
export const stepPercent = (step: WizardStep): number => Math.round((step / PLAYLIST_WIZARD_STEPS) * 100);

export const isSelected = (state: Pick<WizardState, 'items'>, mediaId: number): boolean =>
  state.items.some((item) => item.mediaId === mediaId);

/** Moves the element at `from` to `to` (both valid indexes), the rest keeping their relative order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return next;
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'next':
      return canGoNext(state, action.name) ? { ...state, step: (state.step + 1) as WizardStep } : state;
    case 'back':
      return canGoBack(state) ? { ...state, step: (state.step - 1) as WizardStep } : state;
    case 'toggleMedia': {
      const present = isSelected(state, action.mediaId);
      if (action.selected === present) return state;
      if (!action.selected) return removeItem(state, action.mediaId);
      const duration = state.durations[action.mediaId] ?? DEFAULT_ITEM_DURATION_SECONDS;
      const items = reassignOrder([...state.items, { mediaId: action.mediaId, duration, order: state.items.length }]);
      return { ...state, items, durations: { ...state.durations, [action.mediaId]: duration } };
    }
    case 'removeItem':
      return removeItem(state, action.mediaId);
    case 'reorder': {
      const { from, to } = action;
      const inRange = (i: number) => Number.isInteger(i) && i >= 0 && i < state.items.length;
      if (to === null || to === undefined || from === to || !inRange(from) || !inRange(to)) return state;
      return { ...state, items: reassignOrder(moveItem(state.items, from, to)) };
    }
    case 'setDuration': {
      if (!isSelected(state, action.mediaId)) return state;
      const duration = normalizeItemDuration(action.duration);
      return {
        ...state,
        items: state.items.map((item) => (item.mediaId === action.mediaId ? { ...item, duration } : item)),
        durations: { ...state.durations, [action.mediaId]: duration },
      };
    }
  }
}

function removeItem(state: WizardState, mediaId: number): WizardState {
  if (!isSelected(state, mediaId)) return state;
  return { ...state, items: reassignOrder(state.items.filter((item) => item.mediaId !== mediaId)) };
}

/** The playing time of a list of items, in seconds (shown as m:ss). */
export const totalDuration = (items: readonly { duration: number }[]): number =>
  items.reduce((sum, item) => sum + (Number.isFinite(item.duration) ? item.duration : 0), 0);
