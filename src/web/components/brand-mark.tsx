import { MonitorPlay } from 'lucide-react';
import { t } from '@web/i18n/pt-br';
import { cn } from '@web/lib/cn';

/** Logo + product name. `tone` picks colours for the dark sidebar or a light page. */
export function BrandMark({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'dark' }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-bold tracking-tight', className)}>
      <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-md">
        <MonitorPlay className="size-5" aria-hidden="true" />
      </span>
      <span className={tone === 'dark' ? 'text-white' : 'text-foreground'}>{t.appName}</span>
    </span>
  );
}
