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
import { t } from '@web/i18n/pt-br';

type Props = {
  /** What is to be removed (shown under the question); null keeps the dialog closed. */
  name: string | null;
  title: string;
  question: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** A removal confirmation (SPEC §7: DELETE only after the question); stays open while the request runs. */
export function ConfirmRemovalDialog({ name, title, question, confirmLabel, pendingLabel, pending, onConfirm, onClose }: Props) {
  return (
    <AlertDialog open={name !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>
            {question}
            {name !== null ? <span className="text-foreground mt-2 block font-medium">{name}</span> : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.common.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
