import { DASHBOARD_SKELETON_COUNT } from '@contract/constants';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** SPEC §9: three placeholder cards while the devices load. */
export function DashboardSkeleton() {
  return (
    <div role="status" aria-label={t.dashboard.loading} className="grid gap-4 sm:grid-cols-3">
      {Array.from({ length: DASHBOARD_SKELETON_COUNT }, (_, i) => (
        <Card key={i} className="flex items-center justify-between gap-4 p-5" data-testid="dashboard-skeleton">
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-8 w-16" />
          </div>
          <Skeleton className="size-12 rounded-full" />
        </Card>
      ))}
    </div>
  );
}
