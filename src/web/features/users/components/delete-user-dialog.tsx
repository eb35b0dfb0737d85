import { messages } from '@contract/messages';
import { toastFailure } from '@web/lib/toast-failure';
import type { User } from '@contract/users';
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
import { useDeleteUser } from '../api/delete-user';

type DeleteUserDialogProps = { user: User | null; onClose: () => void };

/** The removal confirmation (SPEC §7: DELETE only after "Tem certeza que deseja remover este usuário?"). */
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
    <AlertDialog open={user !== null} onOpenChange={(open) => !open && !deleteUser.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t.users.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {messages.users.removeConfirm}
            {user ? (
              <span className="text-foreground mt-2 block font-medium">{user.username}</span>
            ) : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={deleteUser.isPending}>{t.common.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <Button variant="destructive" onClick={onConfirm} disabled={deleteUser.isPending}>
            {deleteUser.isPending ? t.users.removing : t.users.remove}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
