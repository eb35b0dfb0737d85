import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** The edit page while the device loads: the two cards' outline. */
export function DeviceFormSkeleton() {
  return (
    <div role="status" aria-label={t.devices.form.loading} className="grid gap-6">
      <Card className="grid gap-6 p-6">
        <div className="grid gap-2">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-2/3" />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="grid gap-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </Card>
      <Card className="grid gap-4 p-6">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-14 w-full" />
      </Card>
    </div>
  );
}
