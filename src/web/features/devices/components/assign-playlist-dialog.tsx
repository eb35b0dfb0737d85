import type { Device } from '@contract/devices';
import type { Playlist } from '@contract/playlists';
import { toastFailure } from '@web/lib/toast-failure';
import { messages } from '@contract/messages';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { ZonePlaylistFields } from '@web/components/zone-playlist-fields';
import { layoutsById, screenLayoutLabel, useLayoutList } from '@web/lib/layout-list';
import { assignmentOrWarn, sortedPlaylistOptions, zoneAssignmentOrWarn } from '@web/lib/playlist-assignment';
import { Monitor } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useAssignPlaylists } from '../api/assign-playlists';
import { PlaylistPicker } from './playlist-picker';

type AssignPlaylistDialogProps = {
  /** The device whose playlists are being chosen; null keeps the dialog closed. */
  device: Device | null;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
  /** The workspace's playlists, from the page (the playlists feature's query). */
  playlists: PlaylistsState;
};

type PlaylistsState = { data: Playlist[] | undefined; isPending: boolean };

/**
 * "Atribuir Playlist" (docs/product.md#screens and #validation): one picker for a single-window
 * device, two for a dual one, and one per zone, under the layout's map, for a zone layout
 * (docs/layouts.md#devices).
 */
export function AssignPlaylistDialog({ device, onClose, onCloseAutoFocus, playlists }: AssignPlaylistDialogProps) {
  return (
    <Dialog open={device !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        {/* Mounted per opening: it starts from the device's current playlists and forgets on close. */}
        {device ? <AssignPlaylistForm key={device.id} device={device} playlists={playlists} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function AssignPlaylistForm({
  device,
  playlists,
  onDone,
}: {
  device: Device;
  playlists: PlaylistsState;
  onDone: () => void;
}) {
  const dual = device.layout === 'dual';
  const assign = useAssignPlaylists();
  const [first, setFirst] = useState<number | null>(device.assignedPlaylistId1);
  const [second, setSecond] = useState<number | null>(dual ? device.assignedPlaylistId2 : null);
  const [zonePlaylists, setZonePlaylists] = useState<Array<number | null>>(device.zonePlaylistIds);
  // A zone layout's screen picks a playlist per zone (docs/layouts.md#devices); Tela Única / Dupla as before.
  const layouts = useLayoutList();
  const zoneLayout = device.layoutId === null ? null : layoutsById(layouts.data).get(device.layoutId);
  const zoned = device.layoutId !== null;

  const options = useMemo(() => sortedPlaylistOptions(playlists.data), [playlists.data]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (zoned && !zoneLayout) return;
    const zonePlaylistIds = zoneLayout ? zoneAssignmentOrWarn(zoneLayout.zones, zonePlaylists, device.name) : null;
    const assignment = zoneLayout ? zonePlaylistIds && { zonePlaylistIds } : assignmentOrWarn(dual, first, second);
    if (!assignment) return;
    assign.mutate(
      { id: device.id, assignment },
      {
        onSuccess: () => {
          toast(messages.devices.assignSuccess);
          onDone();
        },
        onError: toastFailure(messages.devices.assignFailure),
      },
    );
  };

  const pickerProps = { options, loading: playlists.isPending, disabled: assign.isPending };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t.devices.assign.title}</DialogTitle>
        <DialogDescription>
          {zoned
            ? t.devices.assign.descriptionZones
            : dual
              ? t.devices.assign.descriptionDual
              : t.devices.assign.descriptionSingle}
        </DialogDescription>
      </DialogHeader>
      <div className="bg-muted/60 flex items-center gap-3 rounded-md border px-3 py-2 text-sm">
        <Monitor className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-2">
          <dt className="text-muted-foreground">{t.devices.assign.device}:</dt>
          <dd className="truncate font-medium">{device.name}</dd>
          <dt className="text-muted-foreground">{t.devices.assign.layout}:</dt>
          <dd className="font-medium">{screenLayoutLabel(device, layoutsById(layouts.data))}</dd>
        </dl>
      </div>
      {zoned ? (
        zoneLayout ? (
          <ZonePlaylistFields
            layout={zoneLayout}
            value={zonePlaylists}
            onChange={setZonePlaylists}
            Picker={PlaylistPicker}
            {...pickerProps}
          />
        ) : (
          <p className="text-muted-foreground text-sm">
            {layouts.isPending ? t.devices.assign.loadingLayout : t.layouts.unknown(device.layoutId!)}
          </p>
        )
      ) : dual ? (
        <>
          <PlaylistPicker label={t.devices.assign.window1} value={first} onChange={setFirst} {...pickerProps} />
          <PlaylistPicker label={t.devices.assign.window2} value={second} onChange={setSecond} {...pickerProps} />
        </>
      ) : (
        <PlaylistPicker label={t.devices.assign.single} value={first} onChange={setFirst} allowNone {...pickerProps} />
      )}
      <DialogFooter className="pt-2">
        <Button variant="outline" onClick={onDone} disabled={assign.isPending}>
          {t.common.cancel}
        </Button>
        <PendingButton
          type="submit"
          pending={assign.isPending}
          pendingLabel={t.devices.assign.saving}
          disabled={zoned && !zoneLayout}
        >
          {t.devices.assign.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
