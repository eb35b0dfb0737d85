import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A fresh store per test: the module keeps its state at module level.
async function loadStore() {
  vi.resetModules();
  return import('./use-toast');
}

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('keeps at most TOAST_LIMIT toasts, newest first', async () => {
    const store = await loadStore();
    const seen: string[][] = [];
    const unsubscribe = store.subscribeToasts((toasts) => seen.push(toasts.map((t) => String(t.title))));
    store.toast({ title: 'a' });
    store.toast({ title: 'b' });
    unsubscribe();
    expect(TOAST_LIMIT).toBe(1);
    expect(seen.at(-1)).toEqual(['b']);
  });

  it('closes a dismissed toast at once and drops it after the removal delay', async () => {
    const store = await loadStore();
    let last: { open: boolean }[] = [];
    store.subscribeToasts((toasts) => (last = toasts));
    const { dismiss } = store.toast({ title: 'x', variant: 'destructive' });
    expect(last).toEqual([expect.objectContaining({ open: true, variant: 'destructive' })]);
    dismiss();
    expect(last).toEqual([expect.objectContaining({ open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(last).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(last).toHaveLength(0);
  });

  it('shows a background notice only when no toast is open, so it never hides the feedback of an action', async () => {
    const store = await loadStore();
    let last: { title?: unknown; open: boolean }[] = [];
    store.subscribeToasts((toasts) => (last = toasts));
    const { dismiss } = store.toast({ title: 'Usuário criado' });
    expect(store.toastIfIdle({ title: 'Playlist atualizada' })).toBe(false);
    expect(last).toEqual([expect.objectContaining({ title: 'Usuário criado', open: true })]);
    dismiss();
    expect(store.toastIfIdle({ title: 'Playlist atualizada' })).toBe(true);
    expect(last[0]).toEqual(expect.objectContaining({ title: 'Playlist atualizada', open: true }));
  });
});
