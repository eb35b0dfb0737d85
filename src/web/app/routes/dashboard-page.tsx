import { LoadError } from '@web/components/load-error';
import { OpenIncidentsCard } from '@web/features/alerts/components/open-incidents-card';
import { PageHeader } from '@web/components/page-header';
import { useDeviceGroups } from '@web/features/device-groups/api/get-device-groups';
import { useDevices } from '@web/features/devices/api/get-devices';
import { playlistNameMap } from '@web/features/devices/lib/device-labels';
import { usePlaylists } from '@web/features/playlists/api/get-playlists';
import { t } from '@web/i18n/pt-br';
import { useOnAirSource } from '@web/lib/use-on-air-source';
import { useDeferredValue, useMemo } from 'react';
import { DashboardSkeleton } from '@web/features/dashboard/components/dashboard-skeleton';
import { DeviceStatusList } from '@web/features/dashboard/components/device-status-list';
import { GroupCountsCard } from '@web/features/dashboard/components/group-counts-card';
import { SummaryCards } from '@web/features/dashboard/components/summary-cards';
import { summarizeDevices } from '@web/features/dashboard/lib/device-summary';
import { countByGroup } from '@web/features/dashboard/lib/group-counts';

/**
 * /dashboard (docs/product.md#screens): the totals, the open incidents (docs/alerts.md#in-the-panel),
 * the counts per group, then who is online (and on air) and who is offline.
 */
export default function DashboardPage() {
  const devices = useDevices();
  const groups = useDeviceGroups();
  const playlists = usePlaylists();
  const summary = useMemo(() => summarizeDevices(devices.data ?? []), [devices.data]);
  const groupCounts = useMemo(
    () => (groups.data?.length ? countByGroup(devices.data ?? [], groups.data, t.dashboard.noGroup) : null),
    [devices.data, groups.data],
  );
  const playlistNames = useMemo(() => (playlists.data ? playlistNameMap(playlists.data) : null), [playlists.data]);
  const onAir = useOnAirSource(playlistNames);
  // The cards come with the answer; the two lists (up to 40 rows) follow in a background render that
  // React slices and can interrupt, instead of one long task (docs/benchmarks.md#targets: dashboard Lighthouse, TBT).
  const listsShown = useDeferredValue(devices.isSuccess, false);

  return (
    <>
      <PageHeader title={t.dashboard.title} description={t.dashboard.subtitle} />
      {devices.isPending ? (
        <DashboardSkeleton />
      ) : devices.isError ? (
        <LoadError error={devices.error} />
      ) : (
        <div className="grid gap-6">
          <SummaryCards total={summary.total} online={summary.online.length} offline={summary.offline.length} />
          <OpenIncidentsCard />
          {listsShown ? (
            <>
              {groupCounts ? <GroupCountsCard rows={groupCounts} /> : null}
              <div className="grid items-start gap-6 lg:grid-cols-2">
                <DeviceStatusList kind="online" devices={summary.online} onAir={onAir} />
                <DeviceStatusList kind="offline" devices={summary.offline} />
              </div>
            </>
          ) : null}
        </div>
      )}
    </>
  );
}
