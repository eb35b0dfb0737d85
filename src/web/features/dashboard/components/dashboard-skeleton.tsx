import { DASHBOARD_SKELETON_COUNT } from '@contract/constants';
import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** docs/product.md#constants: three placeholder cards while the devices load. */
export function DashboardSkeleton() {
  return (
    <ListSkeleton
      label={t.dashboard.loading}
      count={DASHBOARD_SKELETON_COUNT}
      className="grid gap-4 sm:grid-cols-3"
      itemClassName="flex items-center justify-between gap-4 p-5"
      testId="dashboard-skeleton"
    >
      <div className="grid flex-1 gap-2">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-8 w-16" />
      </div>
      <Skeleton className="size-12 rounded-full" />
    </ListSkeleton>
  );
}
