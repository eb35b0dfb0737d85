import { isUploadable, uploadProblem } from './media-kind';

/** One file listed in the upload dialog. */
export type SelectedFile = {
  key: string;
  file: File;
  /** Known before sending (over 100 MB, a format the server refuses): the file cannot be sent. */
  problem: string | null;
  status: 'idle' | 'uploading' | 'done' | 'error';
  /** Percentage of the request body sent, 0..100. */
  progress: number;
  /** The server's reason after a failed send. */
  error: string | null;
};

/** The upload dialog's state; the request itself (pending, abort) stays with the mutation. */
export type UploadState = {
  files: SelectedFile[];
  /** Names of the last picked or dropped files that are not images or videos (not listed). */
  rejected: string[];
  dragging: boolean;
  /** The next file's key number: keys stay unique for the dialog's life. */
  nextKey: number;
};

export type UploadAction =
  | { type: 'add'; files: readonly File[] }
  | { type: 'remove'; key: string }
  | { type: 'drag'; dragging: boolean }
  | { type: 'start' }
  | { type: 'progress'; key: string; loaded: number; total: number }
  /** One request ended: sent, or failed with the reason to show (`error`). */
  | { type: 'fileSettled'; key: string; error: string | null }
  /** The batch failed: only the failed files stay listed, each with its reason. */
  | { type: 'failed'; errors: ReadonlyMap<string, string> }
  | { type: 'reset' };

export const initialUploadState: UploadState = { files: [], rejected: [], dragging: false, nextKey: 1 };

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

const patch = (files: SelectedFile[], key: string, change: Partial<SelectedFile>) =>
  files.map((f) => (f.key === key ? { ...f, ...change } : f));

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'add': {
      const fresh: SelectedFile[] = [];
      let nextKey = state.nextKey;
      for (const file of action.files.filter(isUploadable)) {
        if ([...state.files, ...fresh].some((s) => sameFile(s.file, file))) continue;
        fresh.push({
          key: `file-${nextKey}`,
          file,
          problem: uploadProblem(file),
          status: 'idle',
          progress: 0,
          error: null,
        });
        nextKey += 1;
      }
      const rejected = action.files.filter((f) => !isUploadable(f)).map((f) => f.name);
      return { ...state, files: [...state.files, ...fresh], rejected, nextKey };
    }
    case 'remove':
      return { ...state, files: state.files.filter((f) => f.key !== action.key) };
    case 'drag':
      return state.dragging === action.dragging ? state : { ...state, dragging: action.dragging };
    case 'start':
      return {
        ...state,
        rejected: [],
        files: state.files.map((f) => ({ ...f, status: 'uploading', progress: 0, error: null })),
      };
    case 'progress': {
      const progress = action.total > 0 ? Math.min(100, Math.floor((action.loaded / action.total) * 100)) : 0;
      // Most progress events change no whole percent: the same state, so no re-render.
      if (!state.files.some((f) => f.key === action.key && f.progress !== progress)) return state;
      return { ...state, files: patch(state.files, action.key, { progress }) };
    }
    case 'fileSettled':
      return {
        ...state,
        files: patch(
          state.files,
          action.key,
          action.error === null ? { status: 'done', progress: 100 } : { status: 'error', error: action.error },
        ),
      };
    case 'failed':
      return {
        ...state,
        files: state.files
          .filter((f) => action.errors.has(f.key))
          .map((f) => ({ ...f, status: 'error', error: action.errors.get(f.key) ?? null })),
      };
    case 'reset':
      return { ...initialUploadState, nextKey: state.nextKey };
  }
}

/** The dialog's derived figures: any file that cannot be sent, and the selection's total size. */
export const hasProblems = (state: UploadState) => state.files.some((f) => f.problem !== null);
export const totalBytes = (state: UploadState) => state.files.reduce((sum, f) => sum + f.file.size, 0);
