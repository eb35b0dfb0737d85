import { messages } from '@contract/messages';
import { toastFailure } from '@web/lib/toast-failure';
import type { Media } from '@contract/media';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { useDeleteMedia } from '../api/delete-media';

type DeleteMediaDialogProps = { media: Media | null; onClose: () => void; onDeleted: (media: Media) => void };

/** docs/api.md#calls: DELETE only after a confirmation that quotes the file's name. */
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
    <ConfirmRemovalDialog
      open={media !== null}
      title={t.gallery.remove.title}
      descriptionClassName="break-words"
      description={
        <>
          {media ? messages.media.deleteConfirm(media.originalName) : null}
          <span className="mt-2 block">{t.gallery.remove.warning}</span>
        </>
      }
      confirmLabel={t.gallery.remove.confirm}
      pendingLabel={t.gallery.remove.pending}
      pending={deleteMedia.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
