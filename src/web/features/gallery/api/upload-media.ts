import { MEDIA_UPLOAD_FIELD, mediaSchema, type Media } from '@contract/media';
import { messages } from '@contract/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@web/lib/api-error';
import { getSavedUser } from '@web/lib/storage';
import { refreshMediaQueries } from './get-media';

export const MEDIA_UPLOAD_URL = '/api/media/upload';

export type UploadProgress = { loaded: number; total: number };

type UploadOptions = { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal };

/**
 * One file, one multipart request (field `file`). XMLHttpRequest rather than fetch: only it reports
 * upload progress. Same rules as the shared helper: the cookie, `x-user-id` when a user is saved,
 * and a non-ok answer raises `ApiRequestError` ("<status>: <body>", the pt-BR message inside).
 */
export function uploadMediaFile(file: File, { onProgress, signal }: UploadOptions = {}): Promise<Media> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MEDIA_UPLOAD_URL);
    xhr.withCredentials = true;
    const saved = getSavedUser();
    if (saved?.id) xhr.setRequestHeader('x-user-id', String(saved.id));

    // Listeners on xhr.upload must exist before send(), or the browser skips progress events.
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    xhr.upload.addEventListener('load', () => onProgress?.({ loaded: file.size, total: file.size }));
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });

    xhr.addEventListener('loadend', () => signal?.removeEventListener('abort', onAbort));
    xhr.addEventListener('load', () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiRequestError(xhr.status, xhr.responseText, xhr.statusText));
        return;
      }
      try {
        resolve(mediaSchema.parse(JSON.parse(xhr.responseText)));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => reject(new TypeError('Network error')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));

    const body = new FormData();
    body.append(MEDIA_UPLOAD_FIELD, file, file.name);
    xhr.send(body);
  });
}

export type UploadEntry = { key: string; file: File };
export type UploadResult = { key: string; ok: true; media: Media } | { key: string; ok: false; error: unknown };

/** Raised when any file failed (docs/product.md#messages: "Upload failed"); `results` says which and why. */
export class UploadFailedError extends Error {
  constructor(readonly results: UploadResult[]) {
    super(messages.media.uploadFailedInternal);
    this.name = 'UploadFailedError';
  }
}

export type UploadVariables = {
  entries: UploadEntry[];
  onProgress?: (key: string, progress: UploadProgress) => void;
  /** Each file's outcome as soon as its own request ends. */
  onFileSettled?: (result: UploadResult) => void;
  signal?: AbortSignal;
};

/** docs/api.md#calls: one request per file, all in parallel; fails if any answer is not ok. */
export async function uploadMediaFiles({
  entries,
  onProgress,
  onFileSettled,
  signal,
}: UploadVariables): Promise<Media[]> {
  const results = await Promise.all(
    entries.map(async ({ key, file }): Promise<UploadResult> => {
      let result: UploadResult;
      try {
        const media = await uploadMediaFile(file, { signal, onProgress: (progress) => onProgress?.(key, progress) });
        result = { key, ok: true, media };
      } catch (error) {
        result = { key, ok: false, error };
      }
      onFileSettled?.(result);
      return result;
    }),
  );
  const uploaded = results.flatMap((r) => (r.ok ? [r.media] : []));
  if (uploaded.length !== results.length) throw new UploadFailedError(results);
  return uploaded;
}

/** The media list and stats are refreshed after every batch, including a partly failed one. */
export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMediaFiles,
    onSettled: () => refreshMediaQueries(queryClient),
  });
}
