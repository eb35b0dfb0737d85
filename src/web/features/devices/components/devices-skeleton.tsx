import { ListSkeleton } from '@web/components/list-skeleton';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';
import { DEVICE_GRID_CLASS } from '../lib/grid';

/** docs/product.md#constants: six placeholder cards shaped like the device cards. */
export function DevicesSkeleton() {
  return (
    <ListSkeleton
      label={t.devices.loading}
      className={DEVICE_GRID_CLASS}
      itemClassName="grid gap-4 p-5"
      testId="device-skeleton"
    >
      <div className="flex items-start gap-3">
        <Skeleton className="mt-1.5 size-2.5 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-3/4" />
      </div>
      <div className="flex justify-between border-t pt-3">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-5 w-16" />
      </div>
    </ListSkeleton>
  );
}
