import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** Placeholder rows shaped like the campaign rows. */
export function CampaignsSkeleton() {
  return (
    <ListSkeleton
      label={t.campaigns.loading}
      className="grid grid-cols-1 gap-3"
      itemClassName="grid grid-cols-1 gap-4 p-4 sm:p-5"
      testId="campaign-skeleton"
    >
      <div className="flex items-start gap-3">
        <div className="grid flex-1 grid-cols-1 gap-2">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <div className="flex gap-1">
          <Skeleton className="h-8 w-24" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-x-6 gap-y-3 border-t pt-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: 4 }, (_, j) => (
          <div key={j} className="grid grid-cols-1 gap-1.5">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-28" />
          </div>
        ))}
      </div>
    </ListSkeleton>
  );
}
