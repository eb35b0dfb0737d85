import type { DeviceGroup } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-error';
import { formatDate } from '@web/lib/format';
import { ArrowLeft, CircleAlert, FolderOpen, Loader2, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteDeviceGroup } from '../api/delete-device-group';
import { useDeviceGroups } from '../api/get-device-groups';
import { DeviceGroupForm } from './device-group-form';

/** SPEC §4: list view, create form, edit form. */
export type GroupsView = { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; group: DeviceGroup };
const LIST: GroupsView = { mode: 'list' };

type DeviceGroupsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lets the device form drop a group it had selected once that group is removed. */
  onGroupRemoved?: (id: number) => void;
};

/** The Device Groups dialog, opened from the device forms. Closing it resets it to the list view. */
export function DeviceGroupsDialog({ open, onOpenChange, onGroupRemoved }: DeviceGroupsDialogProps) {
  const [view, setView] = useState<GroupsView>(LIST);

  const onDialogOpenChange = (next: boolean) => {
    if (!next) setView(LIST);
    onOpenChange(next);
  };

  const title = view.mode === 'list' ? t.deviceGroups.title : view.mode === 'create' ? t.deviceGroups.form.createTitle : t.deviceGroups.form.editTitle;

  return (
    <Dialog open={open} onOpenChange={onDialogOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          {view.mode !== 'list' ? (
            <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={() => setView(LIST)}>
              <ArrowLeft aria-hidden="true" />
              {t.deviceGroups.form.back}
            </Button>
          ) : null}
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {view.mode === 'list' ? t.deviceGroups.description : view.mode === 'create' ? t.deviceGroups.form.createDescription : t.deviceGroups.form.editDescription}
          </DialogDescription>
        </DialogHeader>
        {view.mode === 'list' ? (
          <GroupList onCreate={() => setView({ mode: 'create' })} onEdit={(group) => setView({ mode: 'edit', group })} onRemoved={onGroupRemoved} />
        ) : (
          <DeviceGroupForm key={view.mode === 'edit' ? view.group.id : 'new'} group={view.mode === 'edit' ? view.group : null} onDone={() => setView(LIST)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

type GroupListProps = {
  onCreate: () => void;
  onEdit: (group: DeviceGroup) => void;
  onRemoved?: (id: number) => void;
};

function GroupList({ onCreate, onEdit, onRemoved }: GroupListProps) {
  const groups = useDeviceGroups();
  const [removing, setRemoving] = useState<DeviceGroup | null>(null);

  if (groups.isPending) {
    return (
      <p role="status" className="text-muted-foreground flex items-center justify-center gap-2 py-8 text-sm">
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t.deviceGroups.loading}
      </p>
    );
  }
  if (groups.isError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <AlertDescription>{getServerMessage(groups.error) ?? messages.generic.error}</AlertDescription>
      </Alert>
    );
  }
  if (groups.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-md border border-dashed p-8 text-center">
        <FolderOpen className="text-muted-foreground mb-1 size-10" aria-hidden="true" />
        <p className="font-semibold">{t.deviceGroups.empty}</p>
        <p className="text-muted-foreground text-sm">{t.deviceGroups.emptyHint}</p>
        <Button className="mt-3" onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t.deviceGroups.createFirst}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <Button size="sm" onClick={onCreate}>
          <Plus aria-hidden="true" />
          {t.deviceGroups.new}
        </Button>
      </div>
      <ul aria-label={t.deviceGroups.listLabel} className="grid max-h-[50dvh] gap-2 overflow-y-auto">
        {groups.data.map((group) => (
          <li key={group.id} className="flex items-start gap-3 rounded-md border p-3">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="truncate font-medium" title={group.name}>
                {group.name}
              </p>
              <p className="text-muted-foreground text-sm break-words">{group.description || t.deviceGroups.noDescription}</p>
              <p className="text-muted-foreground text-xs">{t.deviceGroups.createdAt(formatDate(group.createdAt))}</p>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button variant="ghost" size="icon" aria-label={t.deviceGroups.editAria(group.name)} title={t.deviceGroups.editAria(group.name)} onClick={() => onEdit(group)}>
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="text-destructive hover:text-destructive"
                aria-label={t.deviceGroups.removeAria(group.name)}
                title={t.deviceGroups.removeAria(group.name)}
                onClick={() => setRemoving(group)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <RemoveGroupDialog group={removing} onClose={() => setRemoving(null)} onRemoved={onRemoved} />
    </div>
  );
}

function RemoveGroupDialog({ group, onClose, onRemoved }: { group: DeviceGroup | null; onClose: () => void; onRemoved?: (id: number) => void }) {
  const remove = useDeleteDeviceGroup();

  const onConfirm = () => {
    if (!group) return;
    remove.mutate(group.id, {
      onSuccess: () => {
        toast(messages.groups.removeSuccess);
        onRemoved?.(group.id);
      },
      onError: toastFailure(messages.groups.removeFailure),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmRemovalDialog
      open={group !== null}
      title={t.deviceGroups.remove.title}
      description={messages.groups.removeConfirm}
      subject={group?.name}
      confirmLabel={t.deviceGroups.remove.confirm}
      pendingLabel={t.deviceGroups.remove.pending}
      pending={remove.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
