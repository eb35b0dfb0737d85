import { Loader2 } from 'lucide-react';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';

/** A centred spinner for lazy routes and the first session check. */
export function PageLoader({ className, fullScreen = false }: { className?: string; fullScreen?: boolean }) {
  return (
    <div role="status" className={cn('flex items-center justify-center p-10', fullScreen && 'min-h-dvh', className)}>
      <Loader2 className="text-primary size-6 animate-spin" aria-hidden="true" />
      <span className="sr-only">{t.common.loading}</span>
    </div>
  );
}
