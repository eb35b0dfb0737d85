import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '@contract/constants';
import { useSyncExternalStore, type ReactNode } from 'react';

/**
 * The shadcn-style toast store (docs/product.md#constants): at most TOAST_LIMIT visible, a dismissed toast stays in
 * memory TOAST_REMOVE_DELAY_MS (so its exit animation can finish) before it is dropped. It lives
 * outside React so any module (mutation callbacks included) can call `toast()`.
 */
export type ToastVariant = 'default' | 'destructive';

export type ToastData = {
  id: string;
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  duration?: number;
  open: boolean;
};

export type ToastInput = Omit<ToastData, 'id' | 'open'>;

type State = { toasts: ToastData[] };

let state: State = { toasts: [] };
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();
let counter = 0;

function setState(next: State): void {
  state = next;
  listeners.forEach((listener) => listener());
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setState({ toasts: state.toasts.filter((t) => t.id !== id) });
  }, TOAST_REMOVE_DELAY_MS);
  removalTimers.set(id, timer);
}

export function dismissToast(id?: string): void {
  setState({
    toasts: state.toasts.map((t) => {
      if (id !== undefined && t.id !== id) return t;
      scheduleRemoval(t.id);
      return { ...t, open: false };
    }),
  });
}

/** Shows a toast; `variant: 'destructive'` for errors (docs/product.md#messages). Returns its id and `dismiss`. */
export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const added: ToastData = { ...input, id, open: true };
  // Newest first; anything over the limit leaves at once (its removal timer has nothing left to do).
  setState({ toasts: [added, ...state.toasts].slice(0, TOAST_LIMIT) });
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * A background notice (a change someone else made, pushed live): shown only when no toast is open,
 * so it never takes the single slot from the feedback of what this user just did. The lists it
 * concerns refresh either way; the notice is a courtesy. Returns whether it was shown.
 */
export function toastIfIdle(input: ToastInput): boolean {
  if (state.toasts.some((t) => t.open)) return false;
  toast(input);
  return true;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** Non-React access to the store (tests, diagnostics): called with the toasts on every change. */
export function subscribeToasts(listener: (toasts: ToastData[]) => void): () => void {
  return subscribe(() => listener(state.toasts));
}

export function useToast() {
  const current = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { toasts: current.toasts, toast, dismiss: dismissToast };
}
