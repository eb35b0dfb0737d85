import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** The profile while the user's record loads: the header card and the two detail cards. */
export function ProfileSkeleton() {
  return (
    <div role="status" aria-label={t.profile.loading} className="grid gap-6">
      <Card className="flex items-center gap-4 p-6">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-5 w-24" />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}
