import { describe, expect, it } from 'vitest';
import { applyKey, emptyEntry, entryCode, fromText, isComplete, type CodeEntry } from './code-entry';

const press = (entry: CodeEntry, ...keys: string[]) => keys.reduce((e, key) => applyKey(e, key).entry, entry);

describe('pairing code entry', () => {
  it('types digits into consecutive cells and stays on the last one', () => {
    const entry = press(emptyEntry(), ...'1234567'.split(''));
    expect(entryCode(entry)).toBe('123457');
    expect(entry.cursor).toBe(5);
    expect(isComplete(entry)).toBe(true);
  });

  it('works with only the arrows of a remote: ▲ ▼ turn the digit, ◀ ▶ move', () => {
    let entry = press(emptyEntry(), 'ArrowUp'); // empty → 0
    expect(entry.digits[0]).toBe('0');
    entry = press(entry, 'ArrowDown'); // 0 → 9 (wraps)
    expect(entry.digits[0]).toBe('9');
    entry = press(entry, 'ArrowUp'); // 9 → 0
    entry = press(entry, 'ArrowRight', 'ArrowDown', 'ArrowDown'); // empty → 9 → 8
    expect(entryCode(entry)).toBe('08');
    entry = press(entry, 'ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    expect(entry.cursor).toBe(0);
    entry = press(entry, 'End');
    expect(entry.cursor).toBe(5);
  });

  it('Enter submits a complete code and reports an incomplete one', () => {
    expect(applyKey(press(emptyEntry(), '1', '2'), 'Enter')).toMatchObject({ incomplete: true, handled: true });
    expect(applyKey(press(emptyEntry(), ...'654321'.split('')), 'Enter')).toMatchObject({ submit: true });
  });

  it('Backspace erases the digit, or steps back over an empty cell', () => {
    let entry = press(emptyEntry(), '1', '2', '3'); // cursor on the 4th, empty cell
    entry = press(entry, 'Backspace');
    expect(entryCode(entry)).toBe('12');
    expect(entry.cursor).toBe(2);
    entry = press(entry, 'ArrowLeft', 'Backspace');
    expect(entry.digits).toEqual(['1', '', '', '', '', '']);
    expect(entry.cursor).toBe(1);
  });

  it('takes numpad keys and ignores everything else', () => {
    expect(entryCode(press(emptyEntry(), 'Numpad4', 'Numpad2'))).toBe('42');
    expect(applyKey(emptyEntry(), 'a')).toMatchObject({ handled: false });
  });

  it('fills the cells from pasted or on-screen-keyboard text', () => {
    expect(fromText('12 34-56 78')).toEqual({ digits: ['1', '2', '3', '4', '5', '6'], cursor: 5 });
    expect(fromText('9a')).toEqual({ digits: ['9', '', '', '', '', ''], cursor: 1 });
  });
});
