import type { ApiKey } from '@contract/api-keys';
import { messages } from '@contract/messages';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { useDeleteApiKey } from '../api/api-keys';

/** The removal confirmation: a script using the key stops working at once. */
export function DeleteApiKeyDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  const remove = useDeleteApiKey();
  const onConfirm = () => {
    if (!apiKey) return;
    remove.mutate(apiKey.id, {
      onSuccess: () => toast(messages.apiKeys.removeSuccess),
      onError: toastFailure(messages.apiKeys.removeFailure),
      onSettled: onClose,
    });
  };
  return (
    <ConfirmRemovalDialog
      open={apiKey !== null}
      title={t.apiKeys.removeTitle}
      description={messages.apiKeys.removeConfirm}
      subject={apiKey?.name}
      confirmLabel={t.apiKeys.remove}
      pendingLabel={t.apiKeys.removing}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
