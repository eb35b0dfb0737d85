import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { t } from '@web/i18n/pt-br';

/** The edit screen while the playlist loads: header, progress and the first step's fields. */
export function WizardSkeleton() {
  return (
    <div
      role="status"
      aria-label={t.playlists.wizard.loading}
      className="grid grid-cols-1 gap-6"
      data-testid="wizard-skeleton"
    >
      <div className="grid grid-cols-1 gap-3">
        <Skeleton className="h-8 w-24" />
        <Skeleton className="h-9 w-56" />
        <Skeleton className="h-5 w-80 max-w-full" />
      </div>
      <Card className="grid grid-cols-1 gap-3 p-5">
        <div className="flex justify-between">
          <Skeleton className="h-5 w-24" />
          <Skeleton className="h-5 w-10" />
        </div>
        <Skeleton className="h-2 w-full" />
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
          <Skeleton className="h-6" />
        </div>
      </Card>
      <Card className="grid grid-cols-1 gap-5 p-6">
        <Skeleton className="h-6 w-64 max-w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-20 w-full" />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </Card>
    </div>
  );
}
