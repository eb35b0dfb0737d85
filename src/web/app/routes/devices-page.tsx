import type { Device } from '@contract/devices';
import { toastFailure } from '@web/lib/toast-failure';
import { SearchField } from '@web/components/search-field';
import { LoadError } from '@web/components/load-error';
import { messages } from '@contract/messages';
import { PageHeader } from '@web/components/page-header';
import { Button } from '@web/components/ui/button';
import { toast } from '@web/components/ui/use-toast';
import { usePlaylists } from '@web/features/playlists/api/get-playlists';
import { t } from '@web/i18n/pt-br';
import { FolderCog, Plus } from 'lucide-react';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useDevices } from '@web/features/devices/api/get-devices';
import { useDisconnectDevice } from '@web/features/devices/api/disconnect-device';
import { AssignPlaylistDialog } from '@web/features/devices/components/assign-playlist-dialog';
import { DeviceCard, deviceMenuSelector } from '@web/features/devices/components/device-card';
import { DevicesEmptyState } from '@web/features/devices/components/devices-empty-state';
import { DevicesSkeleton } from '@web/features/devices/components/devices-skeleton';
import { RemoveDeviceDialog } from '@web/features/devices/components/remove-device-dialog';
import { ScreenshotDialog } from '@web/features/devices/components/screenshot-dialog';
import { useReloadDevice } from '@web/features/devices/api/reload-device';
import { playlistNameMap } from '@web/features/devices/lib/device-labels';
import { createDeviceSearch, normalizeSearch } from '@web/features/devices/lib/device-search';
import { DEVICE_GRID_CLASS } from '@web/features/devices/lib/grid';
import { useIncrementalList } from '@web/lib/use-incremental-list';
import { useOnAirSource } from '@web/lib/use-on-air-source';
import { layoutsById, useLayoutList } from '@web/lib/layout-list';
import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { GroupFilterSelect } from '@web/features/devices/components/group-filter-select';
import { HealthFilterButtons } from '@web/features/devices/components/health-filter-buttons';
import { filterByHealth, NO_HEALTH_FILTER } from '@web/features/devices/lib/device-health';
import { ALL_GROUPS, filterByGroup, knownGroupFilter } from '@web/features/devices/lib/group-filter';
import { DeviceGroupsDialogWithAssign } from './device-groups-with-assign';

/** /devices (docs/product.md#screens): search and the group filter, the card grid, the card menu's dialogs, the groups dialog. */
export default function DevicesPage() {
  const devices = useDevices();
  const playlists = usePlaylists();
  const groups = useDeviceGroups();
  const { mutate: disconnect } = useDisconnectDevice();
  const { mutate: reload } = useReloadDevice();
  const [search, setSearch] = useState('');
  const [assigning, setAssigning] = useState<Device | null>(null);
  const [removing, setRemoving] = useState<Device | null>(null);
  const [capturing, setCapturing] = useState<Device | null>(null);
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [groupChoice, setGroupChoice] = useState(ALL_GROUPS);
  const [healthFilter, setHealthFilter] = useState(NO_HEALTH_FILTER);
  const groupFilter = knownGroupFilter(groupChoice, groups.data);

  // Typing stays responsive with thousands of devices: the grid follows a step behind.
  const term = normalizeSearch(useDeferredValue(search));
  const all = devices.data;
  const searchDevices = useMemo(() => createDeviceSearch(all ?? []), [all]);
  const shownGroup = useDeferredValue(groupFilter);
  const matches = useMemo(() => searchDevices(term), [searchDevices, term]);
  const inGroup = useMemo(() => filterByGroup(matches, shownGroup), [matches, shownGroup]);
  const shown = useMemo(() => filterByHealth(inGroup, healthFilter), [inGroup, healthFilter]);
  const healthKey = `${healthFilter.lowStorage}${healthFilter.oldVersion}`;
  const { visible, hasMore, showMore, sentinelRef, total } = useIncrementalList(
    shown,
    `${shownGroup}\u0000${term}\u0000${healthKey}`,
  );
  const playlistNames = useMemo(() => playlistNameMap(playlists.data), [playlists.data]);
  const groupNames = useMemo(() => new Map((groups.data ?? []).map((g) => [g.id, g.name])), [groups.data]);
  const onAir = useOnAirSource(playlists.isPending ? null : playlistNames);
  const layouts = useLayoutList();
  const layoutMap = useMemo(() => layoutsById(layouts.data), [layouts.data]);

  const onDisconnect = useCallback(
    (device: Device) =>
      disconnect(device.id, {
        onSuccess: () => toast(messages.devices.disconnectSuccess),
        onError: toastFailure(messages.devices.disconnectFailure),
      }),
    [disconnect],
  );
  const onReload = useCallback(
    (device: Device) =>
      reload(device.id, {
        onSuccess: () => toast(t.screens.reload.success),
        onError: toastFailure(t.screens.reload.failure),
      }),
    [reload],
  );

  // The card whose menu opened the current dialog: focus goes back to its menu button on close.
  const dialogOrigin = useRef<number | null>(null);
  const openAssign = useCallback((device: Device) => {
    dialogOrigin.current = device.id;
    setAssigning(device);
  }, []);
  const openRemove = useCallback((device: Device) => {
    dialogOrigin.current = device.id;
    setRemoving(device);
  }, []);
  const openScreenshot = useCallback((device: Device) => {
    dialogOrigin.current = device.id;
    setCapturing(device);
  }, []);
  const returnFocus = useCallback((event: Event) => {
    const id = dialogOrigin.current;
    const trigger = id === null ? null : document.querySelector<HTMLElement>(deviceMenuSelector(id));
    if (!trigger) return; // The card is gone (removed): Radix's default applies.
    event.preventDefault();
    trigger.focus();
  }, []);

  return (
    <>
      <PageHeader
        title={t.devices.title}
        description={t.devices.subtitle}
        actions={
          <>
            <Button variant="outline" onClick={() => setGroupsOpen(true)}>
              <FolderCog aria-hidden="true" />
              {t.devices.manageGroups}
            </Button>
            <Button asChild>
              <Link href="/devices/add">
                <Plus aria-hidden="true" />
                {t.devices.add}
              </Link>
            </Button>
          </>
        }
      />
      <div className="mb-6 flex flex-col gap-3 sm:flex-row">
        <SearchField
          value={search}
          onChange={setSearch}
          placeholder={t.devices.search}
          label={t.devices.searchLabel}
          className="max-w-md flex-1"
        />
        <GroupFilterSelect value={groupFilter} onChange={setGroupChoice} groups={groups.data} />
        <HealthFilterButtons value={healthFilter} onChange={setHealthFilter} />
      </div>

      {devices.isPending ? (
        <DevicesSkeleton />
      ) : devices.isError ? (
        <LoadError error={devices.error} />
      ) : total === 0 ? (
        <DevicesEmptyState searching={term.length > 0 || shownGroup !== ALL_GROUPS || shown !== inGroup} />
      ) : (
        <>
          <ul aria-label={t.devices.listLabel} className={DEVICE_GRID_CLASS}>
            {visible.map((device) => (
              <li key={device.id}>
                <DeviceCard
                  device={device}
                  playlistNames={playlistNames}
                  playlistsLoading={playlists.isPending}
                  zoneLayout={device.layoutId === null ? null : layoutMap.get(device.layoutId)}
                  groupName={device.groupId === null ? null : (groupNames.get(device.groupId) ?? null)}
                  onAir={onAir}
                  onAssign={openAssign}
                  onDisconnect={onDisconnect}
                  onRemove={openRemove}
                  onScreenshot={openScreenshot}
                  onReload={onReload}
                />
              </li>
            ))}
          </ul>
          {hasMore ? (
            <div ref={sentinelRef} className="mt-6 flex flex-col items-center gap-2">
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {t.devices.showing(visible.length, total)}
              </p>
              <Button variant="outline" onClick={showMore}>
                {t.devices.showMore}
              </Button>
            </div>
          ) : null}
        </>
      )}

      <AssignPlaylistDialog
        device={assigning}
        playlists={playlists}
        onClose={() => setAssigning(null)}
        onCloseAutoFocus={returnFocus}
      />
      <RemoveDeviceDialog device={removing} onClose={() => setRemoving(null)} onCloseAutoFocus={returnFocus} />
      <ScreenshotDialog device={capturing} onClose={() => setCapturing(null)} onCloseAutoFocus={returnFocus} />
      <DeviceGroupsDialogWithAssign open={groupsOpen} onOpenChange={setGroupsOpen} />
    </>
  );
}
