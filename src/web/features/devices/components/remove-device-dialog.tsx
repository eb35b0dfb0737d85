import type { Device } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
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
import { Loader2, TriangleAlert } from 'lucide-react';
import { useDeleteDevice } from '../api/delete-device';
import { ConnectionSummary } from './device-status';

type RemoveDeviceDialogProps = {
  device: Device | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** "Remover Dispositivo" (SPEC §2): what is removed, what happens, then DELETE on confirmation. */
export function RemoveDeviceDialog({ device, onClose, onCloseAutoFocus }: RemoveDeviceDialogProps) {
  const remove = useDeleteDevice();

  const onConfirm = () => {
    if (!device) return;
    remove.mutate(device.id, {
      onSuccess: () => {
        toast(messages.devices.removeSuccess);
        onClose();
      },
      onError: toastFailure(messages.devices.removeFailure),
    });
  };

  return (
    <AlertDialog open={device !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent className="max-w-lg" onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="flex items-center gap-2">
            <TriangleAlert className="text-destructive size-5" aria-hidden="true" />
            {t.devices.remove.title}
          </AlertDialogTitle>
          <AlertDialogDescription>{t.devices.remove.warning}</AlertDialogDescription>
        </AlertDialogHeader>
        {device ? (
          <dl className="bg-muted/60 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-md border p-4 text-sm">
            <dt className="text-muted-foreground">{t.devices.remove.name}</dt>
            <dd className="min-w-0 font-medium break-words">{device.name}</dd>
            <dt className="text-muted-foreground">{t.devices.remove.location}</dt>
            <dd className="min-w-0 font-medium break-words">{device.location}</dd>
            <dt className="text-muted-foreground">{t.devices.remove.status}</dt>
            <dd>
              <ConnectionSummary device={device} />
            </dd>
            <dt className="text-muted-foreground">{t.devices.remove.authCode}</dt>
            <dd className="font-mono font-medium tracking-wider">{device.authCode}</dd>
          </dl>
        ) : null}
        <div className="border-destructive/30 bg-destructive/5 rounded-md border p-4 text-sm">
          <p className="mb-2 font-medium">{t.devices.remove.consequencesTitle}</p>
          <ul className="text-muted-foreground list-disc space-y-1 pl-5">
            {t.devices.remove.consequences.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{t.common.cancel}</AlertDialogCancel>
          {/* A plain button, not AlertDialog.Action: the dialog stays open until the request ends. */}
          <Button variant="destructive" onClick={onConfirm} disabled={remove.isPending}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {remove.isPending ? t.devices.remove.pending : t.devices.remove.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
