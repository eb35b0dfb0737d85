import type { DeviceGroup } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { Alert, AlertDescription } from '@web/components/ui/alert';
import { ConfirmRemovalDialog } from '@web/components/confirm-removal-dialog';
import { RemoveIconButton } from '@web/components/remove-icon-button';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { getServerMessage } from '@web/lib/api-error';
import { formatDate } from '@web/lib/format';
import { ArrowLeft, CircleAlert, FolderOpen, ListVideo, Loader2, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { useDeleteDeviceGroup } from '../api/delete-device-group';
import { useDeviceGroups } from '../api/get-device-groups';
import { DeviceGroupForm } from './device-group-form';
import { GroupAssignForm, type GroupAssignSlot } from './group-assign-form';

/** docs/product.md#states: list view, create form, edit form; and a playlist for the whole group (issue 14). */
export type GroupsView =
  { mode: 'list' } | { mode: 'create' } | { mode: 'edit'; group: DeviceGroup } | { mode: 'assign'; group: DeviceGroup };
const LIST: GroupsView = { mode: 'list' };

export type DeviceGroupsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Lets the device form drop a group it had selected once that group is removed. */
  onGroupRemoved?: (id: number) => void;
  /** The devices, the playlists and their picker: with it each group gets "Atribuir playlist". */
  assign?: GroupAssignSlot;
};

/** The Device Groups dialog, opened from the device forms and the devices page. Closing it resets it to the list view. */
export function DeviceGroupsDialog({ open, onOpenChange, onGroupRemoved, assign }: DeviceGroupsDialogProps) {
  const [view, setView] = useState<GroupsView>(LIST);

  const onDialogOpenChange = (next: boolean) => {
    if (!next) setView(LIST);
    onOpenChange(next);
  };

  const { title, description } = viewTexts[view.mode];

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
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {view.mode === 'list' ? (
          <GroupList
            onCreate={() => setView({ mode: 'create' })}
            onEdit={(group) => setView({ mode: 'edit', group })}
            onAssign={assign ? (group) => setView({ mode: 'assign', group }) : undefined}
            onRemoved={onGroupRemoved}
          />
        ) : view.mode === 'assign' && assign ? (
          <GroupAssignForm key={view.group.id} group={view.group} {...assign} onDone={() => setView(LIST)} />
        ) : (
          <DeviceGroupForm
            key={view.mode === 'create' ? 'new' : view.group.id}
            group={view.mode === 'create' ? null : view.group}
            onDone={() => setView(LIST)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

const viewTexts: Record<GroupsView['mode'], { title: string; description: string }> = {
  list: { title: t.deviceGroups.title, description: t.deviceGroups.description },
  create: { title: t.deviceGroups.form.createTitle, description: t.deviceGroups.form.createDescription },
  edit: { title: t.deviceGroups.form.editTitle, description: t.deviceGroups.form.editDescription },
  assign: { title: t.deviceGroups.assign.title, description: t.deviceGroups.assign.description },
};

type GroupListProps = {
  onCreate: () => void;
  onEdit: (group: DeviceGroup) => void;
  onAssign?: (group: DeviceGroup) => void;
  onRemoved?: (id: number) => void;
};

function GroupList({ onCreate, onEdit, onAssign, onRemoved }: GroupListProps) {
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
              <p className="text-muted-foreground text-sm break-words">
                {group.description || t.deviceGroups.noDescription}
              </p>
              <p className="text-muted-foreground text-xs">{t.deviceGroups.createdAt(formatDate(group.createdAt))}</p>
            </div>
            <div className="flex shrink-0 gap-1">
              {onAssign ? (
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={t.deviceGroups.assignAria(group.name)}
                  title={t.deviceGroups.assignAria(group.name)}
                  onClick={() => onAssign(group)}
                >
                  <ListVideo aria-hidden="true" />
                </Button>
              ) : null}
              <Button
                variant="ghost"
                size="icon"
                aria-label={t.deviceGroups.editAria(group.name)}
                title={t.deviceGroups.editAria(group.name)}
                onClick={() => onEdit(group)}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <RemoveIconButton label={t.deviceGroups.removeAria(group.name)} onClick={() => setRemoving(group)} />
            </div>
          </li>
        ))}
      </ul>
      <RemoveGroupDialog group={removing} onClose={() => setRemoving(null)} onRemoved={onRemoved} />
    </div>
  );
}

function RemoveGroupDialog({
  group,
  onClose,
  onRemoved,
}: {
  group: DeviceGroup | null;
  onClose: () => void;
  onRemoved?: (id: number) => void;
}) {
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
