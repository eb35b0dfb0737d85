import type { DeviceGroup, Layout, Orientation } from '@contract/devices';
import { messages } from '@contract/messages';
import { PendingButton } from '@web/components/pending-button';
import { Button } from '@web/components/ui/button';
import { DialogFooter } from '@web/components/ui/dialog';
import { toast } from '@web/components/ui/use-toast';
import { t } from '@web/i18n/pt-br';
import { ZonePlaylistFields, type PlaylistPickerProps } from '@web/components/zone-playlist-fields';
import { useLayoutList } from '@web/lib/layout-list';
import { assignmentOrWarn, sortedPlaylistOptions, zoneAssignmentOrWarn } from '@web/lib/playlist-assignment';
import { toastFailure } from '@web/lib/toast-failure';
import { Folder } from 'lucide-react';
import { useMemo, useState, type ComponentType, type FormEvent } from 'react';
import { useAssignGroupPlaylists, type GroupAssignment } from '../api/assign-group-playlists';
import { groupDeviceCounts } from '../lib/group-devices';
import { groupLayoutChoices, groupLayoutId, groupOrientations, KEEP_LAYOUTS } from '../lib/group-layout';
import { GroupLayoutSelect } from './group-layout-select';

type Option = { id: number; name: string };

/** The props of the devices' playlist picker (the same picker as the device's assign dialog). */
export type PlaylistPickerSlotProps = PlaylistPickerProps;

/** What assigning a playlist to a group needs from the devices and playlists features (given by the page). */
export type GroupAssignSlot = {
  devices: readonly { groupId: number | null; layout: Layout; orientation: Orientation }[] | undefined;
  playlists: { data: readonly Option[] | undefined; isPending: boolean };
  PlaylistPicker: ComponentType<PlaylistPickerSlotProps>;
};

type GroupAssignFormProps = GroupAssignSlot & { group: DeviceGroup; onDone: () => void };

/**
 * A playlist for every device of the group at once, by the assign dialog's rules (docs/product.md#validation): with a
 * dual-layout device in the group both windows need a playlist; otherwise one, or none. A layout chosen for the
 * whole group (docs/layouts.md#devices) sends its `layoutId` with one playlist per zone of it.
 */
export function GroupAssignForm({ group, devices, playlists, PlaylistPicker, onDone }: GroupAssignFormProps) {
  const assign = useAssignGroupPlaylists();
  const [picks, setPicks] = useState<Array<number | null>>([]);
  const [first = null, second = null] = picks;
  const setFirst = (id: number | null) => setPicks([id, second]);
  const setSecond = (id: number | null) => setPicks([first, id]);
  const [layoutChoice, setLayoutChoice] = useState(KEEP_LAYOUTS);
  const counts = useMemo(() => groupDeviceCounts(devices ?? [], group.id), [devices, group.id]);
  const orientations = useMemo(() => groupOrientations(devices ?? [], group.id), [devices, group.id]);
  const layouts = useLayoutList();
  const choices = useMemo(() => groupLayoutChoices(layouts.data, orientations), [layouts.data, orientations]);
  const chosen = choices.find((c) => c.value === layoutChoice);
  const dual = chosen ? chosen.value === 'dual' : counts.dual > 0;
  const zoned = chosen !== undefined && chosen.value !== 'single' && chosen.value !== 'dual';

  const options = useMemo(() => sortedPlaylistOptions(playlists.data), [playlists.data]);

  const assignmentOf = (): GroupAssignment | null => {
    if (!chosen) return assignmentOrWarn(dual, first, second);
    const layoutId = groupLayoutId(chosen.value, orientations);
    if (!zoned) {
      const windows = assignmentOrWarn(dual, first, second);
      return windows && { ...windows, layoutId };
    }
    const zonePlaylistIds = zoneAssignmentOrWarn(chosen.layout.zones, picks, group.name);
    return zonePlaylistIds && { layoutId, zonePlaylistIds };
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const assignment = assignmentOf();
    if (!assignment) return;
    assign.mutate(
      { id: group.id, assignment },
      {
        onSuccess: ({ updated }) => {
          toast(messages.groups.assignSuccess(updated));
          onDone();
        },
        onError: toastFailure(messages.groups.assignFailure),
      },
    );
  };

  const pickerProps = { options, loading: playlists.isPending, disabled: assign.isPending };
  const empty = devices !== undefined && counts.total === 0;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t.deviceGroups.assign.title}>
      <div className="bg-muted/60 flex items-center gap-3 rounded-md border px-3 py-2 text-sm">
        <Folder className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-2">
          <dt className="text-muted-foreground">{t.deviceGroups.assign.group}:</dt>
          <dd className="truncate font-medium">{group.name}</dd>
          <dt className="text-muted-foreground">{t.deviceGroups.assign.devices}:</dt>
          <dd className="font-medium" data-testid="group-assign-count">
            {devices === undefined ? t.common.loading : t.deviceGroups.assign.deviceCount(counts.total, counts.dual)}
          </dd>
        </dl>
      </div>
      {empty ? <p className="text-muted-foreground text-sm">{t.deviceGroups.assign.empty}</p> : null}
      <GroupLayoutSelect
        value={chosen ? layoutChoice : KEEP_LAYOUTS}
        onChange={(next) => {
          setLayoutChoice(next);
          setPicks([]);
        }}
        choices={choices}
        disabled={assign.isPending || empty || devices === undefined}
      />
      {zoned ? (
        <ZonePlaylistFields
          layout={chosen.layout}
          value={picks}
          onChange={setPicks}
          Picker={PlaylistPicker}
          {...pickerProps}
        />
      ) : dual ? (
        <>
          {chosen ? null : <p className="text-muted-foreground text-sm">{t.deviceGroups.assign.dualHint}</p>}
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
          pendingLabel={t.deviceGroups.assign.saving}
          disabled={empty || devices === undefined}
        >
          {t.deviceGroups.assign.save}
        </PendingButton>
      </DialogFooter>
    </form>
  );
}
