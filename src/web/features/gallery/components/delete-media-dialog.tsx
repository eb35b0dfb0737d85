import { messages } from '@contract/messages';
import { toastFailure } from '@web/lib/toast-failure';
import type { Media } from '@contract/media';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { Loader2 } from 'lucide-react';
import { useDeleteMedia } from '../api/delete-media';

type DeleteMediaDialogProps = { media: Media | null; onClose: () => void; onDeleted: (media: Media) => void };

/** SPEC §7: DELETE only after a confirmation that quotes the file's name. */
export function DeleteMediaDialog({ media, onClose, onDeleted }: DeleteMediaDialogProps) {
  const deleteMedia = useDeleteMedia();

  const onConfirm = () => {
    if (!media) return;
    deleteMedia.mutate(media.id, {
      onSuccess: () => {
        toast(messages.media.deleteSuccess);
        onDeleted(media);
      },
      onError: toastFailure(messages.media.deleteFailure),
      onSettled: onClose,
    });
  };

  return (
    <AlertDialog open={media !== null} onOpenChange={(open) => !open && !deleteMedia.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.gallery.remove.title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">
            {media ? messages.media.deleteConfirm(media.originalName) : null}
            <span className="mt-2 block">{t.gallery.remove.warning}</span>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteMedia.isPending}>{t.common.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <Button variant="destructive" onClick={onConfirm} disabled={deleteMedia.isPending}>
            {deleteMedia.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {deleteMedia.isPending ? t.gallery.remove.pending : t.gallery.remove.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
