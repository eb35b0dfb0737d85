import { messages } from '@contract/messages';
import type { User } from '@contract/users';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { toastFailure } from '@web/lib/toast-failure';
import { useDeleteUser } from '../api/delete-user';

type DeleteUserDialogProps = { user: User | null; onClose: () => void };

/** The removal confirmation (docs/api.md#calls: DELETE only after "Tem certeza que deseja remover este usuário?"). */
export function DeleteUserDialog({ user, onClose }: DeleteUserDialogProps) {
  const deleteUser = useDeleteUser();

  const onConfirm = () => {
    if (!user) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => toast({ title: 'Sucesso!', description: messages.users.removeSuccess }),
      onError: toastFailure(messages.users.removeFailure),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmRemovalDialog
      open={user !== null}
      title={t.users.removeTitle}
      description={messages.users.removeConfirm}
      subject={user?.username}
      confirmLabel={t.users.remove}
      pendingLabel={t.users.removing}
      pending={deleteUser.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
