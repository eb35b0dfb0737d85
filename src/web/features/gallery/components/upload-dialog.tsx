import { messages } from '@contract/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { getErrorStatus, getServerMessage } from '@web/lib/api-error';
import { cn } from '@web/lib/cn';
import { formatMegabytes } from '@web/lib/format';
import { CircleAlert, CircleCheck, Film, ImageIcon, Upload, UploadCloud, X } from 'lucide-react';
import { useEffect, useId, useReducer, useRef, type DragEvent, type KeyboardEvent } from 'react';
import { UploadFailedError, useUploadMedia, type UploadProgress, type UploadResult } from '../api/upload-media';
import { mediaKind } from '../lib/media-kind';
import {
  hasProblems as anyProblem,
  initialUploadState,
  totalBytes as selectionBytes,
  uploadReducer,
  type SelectedFile,
} from '../lib/upload-state';

/** The picker's filter: images, videos and PDFs (docs/content.md#pdf); finer checks happen once listed. */
const PICKER_ACCEPT = 'image/*,video/*,application/pdf';

/** The pt-BR reason shown next to a file whose request failed: the server's message first. */
function uploadErrorMessage(error: unknown): string {
  const fromServer = getServerMessage(error);
  if (fromServer) return fromServer;
  const status = getErrorStatus(error);
  if (status === 413) return messages.media.tooLarge;
  if (status === 415) return messages.media.unsupportedType;
  if (status === 429) return messages.media.uploadTooManyRequests;
  if (error instanceof TypeError) return t.gallery.uploadDialog.networkError;
  return messages.media.uploadFailure.description;
}

type UploadDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Drag and drop or a picker; the files listed with their size; one request per file, in parallel,
 * each with its own progress bar (docs/product.md#screens and docs/api.md#calls). On success: toast, selection cleared, dialog closed.
 * On a failure: toast, and the failed files stay listed with the server's reason (the sent ones
 * leave the list). Cancelling while sending aborts the requests still running.
 */
export function UploadDialog({ open, onOpenChange }: UploadDialogProps) {
  const upload = useUploadMedia();
  const [state, dispatch] = useReducer(uploadReducer, initialUploadState);
  const { files, rejected, dragging } = state;
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const ids = useId();
  const hintId = `${ids}-hint`;
  const dropTitleId = `${ids}-drop`;
  const problemsId = `${ids}-problems`;

  const pending = upload.isPending;
  const hasProblems = anyProblem(state);
  const totalBytes = selectionBytes(state);

  // A file dropped beside the drop zone (on the overlay) must not make the browser open it.
  useEffect(() => {
    if (!open) return;
    const prevent = (event: Event) => event.preventDefault();
    window.addEventListener('dragover', prevent);
    window.addEventListener('drop', prevent);
    return () => {
      window.removeEventListener('dragover', prevent);
      window.removeEventListener('drop', prevent);
    };
  }, [open]);

  const reset = () => dispatch({ type: 'reset' });

  const close = () => {
    abortRef.current?.abort();
    abortRef.current = null;
    reset();
    onOpenChange(false);
  };

  const addFiles = (list: FileList | null) => {
    if (!pending && list) dispatch({ type: 'add', files: Array.from(list) });
  };

  const openPicker = () => {
    if (!pending) inputRef.current?.click();
  };

  const onZoneKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openPicker();
    }
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = pending ? 'none' : 'copy';
    if (!pending) dispatch({ type: 'drag', dragging: true });
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) dispatch({ type: 'drag', dragging: false });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    dispatch({ type: 'drag', dragging: false });
    addFiles(event.dataTransfer.files);
  };

  const remove = (key: string) => dispatch({ type: 'remove', key });

  const onProgress = (key: string, { loaded, total }: UploadProgress) =>
    dispatch({ type: 'progress', key, loaded, total });

  const onFileSettled = (result: UploadResult) =>
    dispatch({ type: 'fileSettled', key: result.key, error: result.ok ? null : uploadErrorMessage(result.error) });

  const onSubmit = () => {
    if (pending || files.length === 0 || hasProblems) return;
    const controller = new AbortController();
    abortRef.current = controller;
    dispatch({ type: 'start' });
    upload.mutate(
      { entries: files.map(({ key, file }) => ({ key, file })), signal: controller.signal, onProgress, onFileSettled },
      {
        onSuccess: (uploaded) => {
          toast(messages.media.uploadSuccess(uploaded.length));
          reset();
          onOpenChange(false);
        },
        onError: (error) => {
          if (controller.signal.aborted) return; // cancelled by the user: nothing to report
          toast({ variant: 'destructive', ...messages.media.uploadFailure });
          if (!(error instanceof UploadFailedError)) return;
          const failed = new Map(
            error.results.flatMap((r) => (r.ok ? [] : [[r.key, uploadErrorMessage(r.error)] as const])),
          );
          dispatch({ type: 'failed', errors: failed });
        },
        onSettled: () => {
          if (abortRef.current === controller) abortRef.current = null;
        },
      },
    );
  };

  const blockWhilePending = (event: Event) => {
    if (pending) event.preventDefault();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent
        className="max-w-xl grid-cols-[minmax(0,1fr)]"
        onEscapeKeyDown={blockWhilePending}
        onInteractOutside={blockWhilePending}
      >
        <DialogHeader>
          <DialogTitle>{t.gallery.uploadDialog.title}</DialogTitle>
          <DialogDescription>{t.gallery.uploadDialog.description}</DialogDescription>
        </DialogHeader>

        <div
          role="button"
          tabIndex={pending ? -1 : 0}
          aria-disabled={pending || undefined}
          aria-labelledby={dropTitleId}
          aria-describedby={hintId}
          onClick={openPicker}
          onKeyDown={onZoneKeyDown}
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-dragging={dragging || undefined}
          className={cn(
            'border-input flex cursor-pointer flex-col items-center justify-center',
            'gap-2 rounded-lg border-2 border-dashed px-6 text-center transition-colors',
            files.length > 0 ? 'py-5' : 'py-8',
            'hover:border-primary/60 hover:bg-accent/40 focus-visible:ring-ring',
            'focus-visible:ring-2 focus-visible:ring-offset-2 focus-visible:outline-none',
            dragging && 'border-primary bg-accent',
            pending && 'pointer-events-none opacity-60',
          )}
        >
          <span className="bg-accent text-accent-foreground flex size-12 items-center justify-center rounded-full">
            <UploadCloud className="size-6" aria-hidden="true" />
          </span>
          <span id={dropTitleId} className="grid gap-0.5">
            <span className="font-medium">
              {dragging ? t.gallery.uploadDialog.dropActive : t.gallery.uploadDialog.dropTitle}
            </span>
            <span className="text-muted-foreground text-sm">{t.gallery.uploadDialog.dropAction}</span>
          </span>
          <span id={hintId} className="text-muted-foreground text-xs">
            {t.gallery.uploadDialog.hint}
          </span>
        </div>
        <input
          ref={inputRef}
          type="file"
          multiple
          accept={PICKER_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="upload-input"
          onChange={(event) => {
            addFiles(event.currentTarget.files);
            event.currentTarget.value = ''; // picking the same file again fires change again
          }}
        />

        {rejected.length > 0 ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertDescription>{t.gallery.uploadDialog.rejected(rejected.join(', '))}</AlertDescription>
          </Alert>
        ) : null}

        {files.length > 0 ? (
          <div className="grid gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <h3 className="text-sm font-medium" id={`${ids}-list`}>
                {t.gallery.uploadDialog.selectedLabel}
              </h3>
              <span className="text-muted-foreground text-xs tabular-nums">
                {t.gallery.uploadDialog.summary(t.gallery.fileCount(files.length), formatMegabytes(totalBytes))}
              </span>
            </div>
            <ul aria-labelledby={`${ids}-list`} className="grid max-h-72 gap-2 overflow-y-auto pr-1">
              {files.map((selected) => (
                <SelectedFileRow
                  key={selected.key}
                  selected={selected}
                  disabled={pending}
                  onRemove={() => remove(selected.key)}
                />
              ))}
            </ul>
          </div>
        ) : null}

        {hasProblems && !pending ? (
          <p id={problemsId} className="text-destructive text-sm font-medium">
            {t.gallery.uploadDialog.fixProblems}
          </p>
        ) : null}

        <DialogFooter>
          <Button variant="outline" onClick={close}>
            {t.common.cancel}
          </Button>
          <PendingButton
            onClick={onSubmit}
            pending={pending}
            pendingLabel={t.gallery.uploadDialog.submitting}
            icon={<Upload aria-hidden="true" />}
            disabled={files.length === 0 || hasProblems}
            aria-describedby={hasProblems && !pending ? problemsId : undefined}
          >
            {t.gallery.uploadDialog.submit}
          </PendingButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function SelectedFileRow({
  selected,
  disabled,
  onRemove,
}: {
  selected: SelectedFile;
  disabled: boolean;
  onRemove: () => void;
}) {
  const { file, status, progress, problem, error } = selected;
  const Icon = mediaKind(file.type) === 'video' ? Film : ImageIcon;
  const reason = problem ?? error;
  const statusText =
    status === 'done'
      ? t.gallery.uploadDialog.done
      : status === 'uploading'
        ? progress >= 100
          ? t.gallery.uploadDialog.processing
          : `${progress}%`
        : null;
  return (
    <li
      className={cn('grid gap-2 rounded-md border p-3', reason && 'border-destructive/50 bg-destructive/5')}
      data-testid="upload-file"
      data-status={status}
    >
      <div className="flex items-center gap-3">
        <Icon className="text-muted-foreground size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </p>
          <p className="text-muted-foreground text-xs tabular-nums">
            {formatMegabytes(file.size)}
            {statusText ? ` · ${statusText}` : null}
          </p>
        </div>
        {status === 'done' ? <CircleCheck className="text-success size-5 shrink-0" aria-hidden="true" /> : null}
        {status !== 'done' ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={t.gallery.uploadDialog.removeFile(file.name)}
            title={t.gallery.uploadDialog.removeFile(file.name)}
            disabled={disabled}
            onClick={onRemove}
          >
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {status === 'uploading' || status === 'done' ? (
        <Progress
          value={progress}
          aria-label={t.gallery.uploadDialog.progressLabel(file.name)}
          className="h-1.5"
          indicatorClassName={status === 'done' ? 'bg-success' : undefined}
        />
      ) : null}
      {reason ? (
        <p className="text-destructive flex items-start gap-1.5 text-xs font-medium">
          <CircleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {reason}
        </p>
      ) : null}
    </li>
  );
}
