import { PendingButton } from '@web/components/pending-button';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@web/components/ui/alert-dialog';
import { t } from '@web/i18n/pt-br';
import type { ReactNode } from 'react';

type Props = {
  open: boolean;
  title: string;
  /** Before the title (the device removal's warning sign). */
  titleIcon?: ReactNode;
  /** The question or warning under the title. */
  description: ReactNode;
  /** What is to be removed, in bold under the description. */
  subject?: string | null;
  /** More content between the header and the buttons: the item's details, the consequences. */
  children?: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  className?: string;
  descriptionClassName?: string;
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The removal confirmation of every list (docs/api.md#calls: DELETE only after the question). It stays open,
 * and cannot be dismissed, while the request runs.
 */
export function ConfirmRemovalDialog(props: Props) {
  const { open, title, titleIcon, description, subject, children, pending, onClose } = props;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && !pending && onClose()}>
      <AlertDialogContent className={props.className} onCloseAutoFocus={props.onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className={titleIcon ? 'flex items-center gap-2' : undefined}>
            {titleIcon}
            {title}
          </AlertDialogTitle>
          <AlertDialogDescription className={props.descriptionClassName}>
            {description}
            {subject != null ? <span className="text-foreground mt-2 block font-medium">{subject}</span> : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t.common.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <PendingButton
            variant="destructive"
            onClick={props.onConfirm}
            pending={pending}
            pendingLabel={props.pendingLabel}
          >
            {props.confirmLabel}
          </PendingButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
