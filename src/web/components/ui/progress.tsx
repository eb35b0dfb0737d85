import { Progress as ProgressPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

type ProgressProps = ComponentProps<typeof ProgressPrimitive.Root> & {
  /** Classes of the filled part (its colour). */
  indicatorClassName?: string;
};

/**
 * A horizontal bar (role="progressbar" with aria-valuenow and a "n%" aria-valuetext from Radix).
 * `value` is clamped to 0..max; null means indeterminate. Give it an aria-label naming what it measures.
 */
export function Progress({ className, indicatorClassName, value, max = 100, ...props }: ProgressProps) {
  const clamped = value === null || value === undefined ? null : Math.min(Math.max(value, 0), max);
  return (
    <ProgressPrimitive.Root
      value={clamped}
      max={max}
      className={cn('bg-muted relative h-2 w-full overflow-hidden rounded-full', className)}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className={cn('bg-primary h-full w-full flex-1 transition-transform duration-200', indicatorClassName)}
        style={{ transform: `translateX(-${100 - ((clamped ?? 0) / max) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
