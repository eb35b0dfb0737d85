import { AUTH_CODE_LENGTH } from '@contract/constants';

/**
 * The pairing code entry, driven by a TV remote or a keyboard: digits type into the selected cell
 * and move on; ◀ ▶ pick a cell; ▲ ▼ turn the selected digit (remotes without number keys);
 * Backspace erases; Enter (the remote's OK) submits once all six digits are there.
 */
export interface CodeEntry {
  /** One digit or '' per cell. */
  digits: string[];
  /** The selected cell. */
  cursor: number;
}

export type CodeKeyResult = { entry: CodeEntry; submit?: boolean; incomplete?: boolean; handled: boolean };

export const emptyEntry = (): CodeEntry => ({ digits: Array<string>(AUTH_CODE_LENGTH).fill(''), cursor: 0 });

export const entryCode = (entry: CodeEntry) => entry.digits.join('');
export const isComplete = (entry: CodeEntry) => entry.digits.every((d) => /^\d$/.test(d));

const clamp = (n: number) => Math.min(AUTH_CODE_LENGTH - 1, Math.max(0, n));
const withDigit = (entry: CodeEntry, index: number, digit: string): string[] =>
  entry.digits.map((d, i) => (i === index ? digit : d));

/** Digit keys as remotes and keyboards name them (`'7'`, and `'Numpad7'` codes on some remotes). */
function digitOf(key: string): string | null {
  if (/^\d$/.test(key)) return key;
  const numpad = /^Numpad(\d)$/.exec(key);
  return numpad ? numpad[1]! : null;
}

export function applyKey(entry: CodeEntry, key: string): CodeKeyResult {
  const digit = digitOf(key);
  if (digit !== null) {
    return { entry: { digits: withDigit(entry, entry.cursor, digit), cursor: clamp(entry.cursor + 1) }, handled: true };
  }
  switch (key) {
    case 'ArrowLeft':
      return { entry: { ...entry, cursor: clamp(entry.cursor - 1) }, handled: true };
    case 'ArrowRight':
      return { entry: { ...entry, cursor: clamp(entry.cursor + 1) }, handled: true };
    case 'ArrowUp':
    case 'ArrowDown': {
      const current = entry.digits[entry.cursor] ?? '';
      const step = key === 'ArrowUp' ? 1 : -1;
      // From an empty cell ▲ starts at 0 and ▼ at 9; then they wrap around.
      const next = current === '' ? (step === 1 ? 0 : 9) : (Number(current) + step + 10) % 10;
      return { entry: { ...entry, digits: withDigit(entry, entry.cursor, String(next)) }, handled: true };
    }
    case 'Backspace': {
      // Erase the selected digit; on an empty cell, step back and erase that one.
      const index = entry.digits[entry.cursor] === '' ? clamp(entry.cursor - 1) : entry.cursor;
      return { entry: { digits: withDigit(entry, index, ''), cursor: index }, handled: true };
    }
    case 'Delete':
      return { entry: { ...entry, digits: withDigit(entry, entry.cursor, '') }, handled: true };
    case 'Home':
      return { entry: { ...entry, cursor: 0 }, handled: true };
    case 'End':
      return { entry: { ...entry, cursor: AUTH_CODE_LENGTH - 1 }, handled: true };
    case 'Enter':
      return isComplete(entry) ? { entry, submit: true, handled: true } : { entry, incomplete: true, handled: true };
    default:
      return { entry, handled: false };
  }
}

/** Text typed or pasted at once (an on-screen keyboard, a paste): its digits fill the cells from the start. */
export function fromText(text: string): CodeEntry {
  const digits = text.replace(/\D/g, '').slice(0, AUTH_CODE_LENGTH).split('');
  const entry = emptyEntry();
  digits.forEach((d, i) => (entry.digits[i] = d));
  return { digits: entry.digits, cursor: clamp(digits.length) };
}
