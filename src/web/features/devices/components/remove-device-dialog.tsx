import type { Device } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { TriangleAlert } from 'lucide-react';
import { useDeleteDevice } from '../api/delete-device';
import { ConnectionSummary } from './device-status';

type RemoveDeviceDialogProps = {
  device: Device | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
};

/** "Remover Dispositivo" (docs/product.md#screens): what is removed, what happens, then DELETE on confirmation. */
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
    <ConfirmRemovalDialog
      open={device !== null}
      className="max-w-lg"
      onCloseAutoFocus={onCloseAutoFocus}
      titleIcon={<TriangleAlert className="text-destructive size-5" aria-hidden="true" />}
      title={t.devices.remove.title}
      description={t.devices.remove.warning}
      confirmLabel={t.devices.remove.confirm}
      pendingLabel={t.devices.remove.pending}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
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
    </ConfirmRemovalDialog>
  );
}
