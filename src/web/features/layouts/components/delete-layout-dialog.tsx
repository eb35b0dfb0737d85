import type { Layout } from '@contract/layouts';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { useDeleteLayout } from '../api/delete-layout';

/** The removal confirmation; the server's refusal (a built-in, later a layout in use) is shown as it says it. */
export function DeleteLayoutDialog({ layout, onClose }: { layout: Layout | null; onClose: () => void }) {
  const remove = useDeleteLayout();
  const onConfirm = () => {
    if (!layout) return;
    remove.mutate(layout.id, {
      onSuccess: () => toast(t.layouts.removeSuccess),
      onError: toastFailure(t.layouts.removeFailure),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmRemovalDialog
      open={layout !== null}
      title={t.layouts.removeTitle}
      description={t.layouts.removeConfirm}
      subject={layout?.name}
      confirmLabel={t.layouts.remove}
      pendingLabel={t.layouts.removing}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
