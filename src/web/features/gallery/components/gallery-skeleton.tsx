import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

export const GALLERY_GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';

/** SKELETON_LIST_COUNT placeholder cards shaped like the media cards. */
export function GallerySkeleton() {
  return (
    <ListSkeleton
      label={t.gallery.loading}
      className={GALLERY_GRID}
      itemClassName="overflow-hidden"
      testId="media-skeleton"
    >
      <Skeleton className="aspect-video rounded-none" />
      <div className="grid gap-3 p-4">
        <div className="flex items-center gap-2">
          <Skeleton className="h-5 flex-1" />
          <Skeleton className="h-5 w-14 rounded-full" />
        </div>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-2/3" />
        <div className="flex justify-end gap-2 border-t pt-3">
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
          <Skeleton className="size-9" />
        </div>
      </div>
    </ListSkeleton>
  );
}
