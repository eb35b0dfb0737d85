import { cn } from '@web/lib/cn';
import type { ComponentType, ReactNode } from 'react';

/** One figure of a list row's `<dl>`: icon and label above, the value below (one line unless `wrap`). */
export function Stat({
  icon: Icon,
  label,
  wrap = false,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 min-w-0 gap-0.5">
      <dt className="text-muted-foreground flex items-center gap-1.5 text-xs">
        <Icon className="size-3.5 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className={cn('font-medium tabular-nums', wrap ? 'break-words' : 'truncate')}>{children}</dd>
    </div>
  );
}
