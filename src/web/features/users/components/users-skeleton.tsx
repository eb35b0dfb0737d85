import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** SKELETON_LIST_COUNT placeholder cards shaped like the user cards. */
export function UsersSkeleton() {
  return (
    <ListSkeleton
      label={t.users.loading}
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
      itemClassName="grid gap-4 p-5"
      testId="user-skeleton"
    >
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-1/2" />
    </ListSkeleton>
  );
}
