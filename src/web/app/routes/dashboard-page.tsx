import { LoadError } from '@web/components/load-error';
import { PageHeader } from '@web/components/page-header';
import { useDevices } from '@web/features/devices/api/get-devices';
import { t } from '@web/i18n/pt-br';
import { useDeferredValue, useMemo } from 'react';
import { DashboardSkeleton } from '@web/features/dashboard/components/dashboard-skeleton';
import { DeviceStatusList } from '@web/features/dashboard/components/device-status-list';
import { SummaryCards } from '@web/features/dashboard/components/summary-cards';
import { summarizeDevices } from '@web/features/dashboard/lib/device-summary';

/** /dashboard (SPEC §2): the totals, then who is online and who is offline. */
export default function DashboardPage() {
  const devices = useDevices();
  const summary = useMemo(() => summarizeDevices(devices.data ?? []), [devices.data]);
  // The cards come with the answer; the two lists (up to 40 rows) follow in a background render that
  // React slices and can interrupt, instead of one long task (DESIGN §9: dashboard Lighthouse, TBT).
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
          {listsShown ? (
            <div className="grid items-start gap-6 lg:grid-cols-2">
              <DeviceStatusList kind="online" devices={summary.online} />
              <DeviceStatusList kind="offline" devices={summary.offline} />
            </div>
          ) : null}
        </div>
      )}
    </>
  );
}
