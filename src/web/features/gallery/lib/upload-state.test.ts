import { MAX_UPLOAD_BYTES } from '@contract/constants';
import { messages } from '@contract/messages';
import { describe, expect, it } from 'vitest';
import {
  hasProblems,
  initialUploadState,
  totalBytes,
  uploadReducer,
  type UploadAction,
  type UploadState,
} from './upload-state';

const file = (name: string, type: string, size = 10, lastModified = 1) => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type, lastModified });
  // A 100 MB buffer is not needed to be "over 100 MB": the reducer reads `size` only.
  if (size > 16) Object.defineProperty(f, 'size', { value: size });
  return f;
};

const run = (...actions: UploadAction[]) => actions.reduce(uploadReducer, initialUploadState);
const png = file('vitrine.png', 'image/png', 1000);
const mp4 = file('intro.mp4', 'video/mp4', 3000);

describe('upload dialog state', () => {
  it('lists the images, videos and PDFs added, each once, and names the files it leaves out', () => {
    const pdf = file('contrato.pdf', 'application/pdf');
    const txt = file('notas.txt', 'text/plain');
    const state = run(
      { type: 'add', files: [png, txt, mp4, pdf] },
      { type: 'add', files: [png, file('vitrine.png', 'image/png', 1000)] },
    );
    expect(state.files.map((f) => [f.key, f.file.name, f.status, f.problem])).toEqual([
      ['file-1', 'vitrine.png', 'idle', null],
      ['file-2', 'intro.mp4', 'idle', null],
      ['file-3', 'contrato.pdf', 'idle', null],
    ]);
    // The second drop had nothing to refuse: the earlier notice goes.
    expect(state.rejected).toEqual([]);
    expect(run({ type: 'add', files: [png, txt] }).rejected).toEqual(['notas.txt']);
    expect(totalBytes(state)).toBe(4000 + pdf.size);
    // Same name and size but modified at another time: another file.
    expect(
      uploadReducer(state, { type: 'add', files: [file('vitrine.png', 'image/png', 1000, 2)] }).files,
    ).toHaveLength(4);
  });

  it('marks the files that cannot be sent with the reason, before sending', () => {
    const state = run({
      type: 'add',
      files: [file('logo.svg', 'image/svg+xml'), file('grande.mp4', 'video/mp4', MAX_UPLOAD_BYTES + 1), png],
    });
    expect(state.files.map((f) => f.problem)).toEqual([messages.media.unsupportedType, messages.media.tooLarge, null]);
    expect(hasProblems(state)).toBe(true);
    expect(
      hasProblems(
        uploadReducer(uploadReducer(state, { type: 'remove', key: 'file-1' }), { type: 'remove', key: 'file-2' }),
      ),
    ).toBe(false);
  });

  it('follows each request: progress in whole percents, then sent or its reason', () => {
    let state = run({ type: 'add', files: [png, mp4] }, { type: 'start' });
    expect(state.files.map((f) => [f.status, f.progress])).toEqual([
      ['uploading', 0],
      ['uploading', 0],
    ]);
    state = uploadReducer(state, { type: 'progress', key: 'file-1', loaded: 333, total: 1000 });
    expect(state.files[0]!.progress).toBe(33);
    // Less than a whole percent more: nothing changes, not even the object.
    expect(uploadReducer(state, { type: 'progress', key: 'file-1', loaded: 335, total: 1000 })).toBe(state);
    expect(uploadReducer(state, { type: 'progress', key: 'file-2', loaded: 5, total: 0 }).files[1]!.progress).toBe(0);
    state = uploadReducer(state, { type: 'fileSettled', key: 'file-1', error: null });
    state = uploadReducer(state, { type: 'fileSettled', key: 'file-2', error: messages.media.tooLarge });
    expect(state.files.map((f) => [f.status, f.progress, f.error])).toEqual([
      ['done', 100, null],
      ['error', 0, messages.media.tooLarge],
    ]);
  });

  it('after a failed batch keeps only the failed files, each with its reason; a new try clears them', () => {
    let state = run({ type: 'add', files: [png, mp4] }, { type: 'start' });
    state = uploadReducer(state, { type: 'failed', errors: new Map([['file-2', 'Falha de conexão.']]) });
    expect(state.files.map((f) => [f.file.name, f.status, f.error])).toEqual([
      ['intro.mp4', 'error', 'Falha de conexão.'],
    ]);
    state = uploadReducer(state, { type: 'start' });
    expect(state.files.map((f) => [f.status, f.error])).toEqual([['uploading', null]]);
  });

  it('starts clearing the refused names; the drag flag changes only when it differs', () => {
    const dragging = run({ type: 'add', files: [file('a.txt', 'text/plain')] }, { type: 'drag', dragging: true });
    expect(dragging.dragging).toBe(true);
    expect(uploadReducer(dragging, { type: 'drag', dragging: true })).toBe(dragging);
    expect(uploadReducer(dragging, { type: 'start' }).rejected).toEqual([]);
  });

  it('a reset empties everything but keeps the keys unique', () => {
    const state: UploadState = run({ type: 'add', files: [png] }, { type: 'drag', dragging: true }, { type: 'reset' });
    expect(state).toEqual({ ...initialUploadState, nextKey: 2 });
    expect(uploadReducer(state, { type: 'add', files: [png] }).files[0]!.key).toBe('file-2');
  });
});
