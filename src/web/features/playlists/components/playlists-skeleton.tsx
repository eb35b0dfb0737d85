import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** SKELETON_LIST_COUNT placeholder rows shaped like the playlist rows. */
export function PlaylistsSkeleton() {
  return (
    <ListSkeleton
      label={t.playlists.loading}
      className="grid grid-cols-1 gap-3"
      itemClassName="grid grid-cols-1 gap-4 p-4 sm:p-5"
      testId="playlist-skeleton"
    >
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 rounded-lg" />
        <div className="grid grid-cols-1 flex-1 gap-2">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
        <div className="flex gap-1">
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-x-6 gap-y-3 border-t pt-4 sm:grid-cols-3 lg:grid-cols-5">
        {Array.from({ length: 5 }, (_, j) => (
          <div key={j} className="grid grid-cols-1 gap-1.5">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-4 w-14" />
          </div>
        ))}
      </div>
    </ListSkeleton>
  );
}
