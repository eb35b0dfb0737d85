import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A grey pulsing block; hidden from assistive tech (the loading container carries the label). */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('bg-muted animate-pulse rounded-md', className)} {...props} />;
}
