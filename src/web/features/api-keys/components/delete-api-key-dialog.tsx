import type { ApiKey } from '@contract/api-keys';
import { messages } from '@contract/messages';
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
    <AlertDialog open={apiKey !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.apiKeys.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {messages.apiKeys.removeConfirm}
            {apiKey ? <span className="text-foreground mt-2 block font-medium">{apiKey.name}</span> : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t.common.cancel}</AlertDialogCancel>
          <Button variant="destructive" onClick={onConfirm} disabled={remove.isPending}>
            {remove.isPending ? t.apiKeys.removing : t.apiKeys.remove}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
