import { SKELETON_LIST_COUNT } from '@contract/constants';
import { Card } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import type { ReactNode } from 'react';

type ListSkeletonProps = {
  /** The name of the loading region (the placeholders themselves are hidden from assistive tech). */
  label: string;
  /** How many placeholders (docs/product.md#constants: SKELETON_LIST_COUNT unless a screen says otherwise). */
  count?: number;
  /** The list's own layout, so the placeholders sit where the items will. */
  className: string;
  /**
   * The inside of one placeholder card, shaped like the item it stands for. Without it each
   * placeholder is a plain block of `itemClassName` (its height, mostly).
   */
  children?: ReactNode;
  itemClassName?: string;
  testId?: string;
};

/** The loading state of a list or a grid: `count` placeholders shaped like its items. */
export function ListSkeleton({
  label,
  count = SKELETON_LIST_COUNT,
  className,
  children,
  itemClassName,
  testId,
}: ListSkeletonProps) {
  return (
    <div role="status" aria-label={label} className={className}>
      {Array.from({ length: count }, (_, i) =>
        children === undefined ? (
          <Skeleton key={i} className={itemClassName} data-testid={testId} />
        ) : (
          <Card key={i} className={itemClassName} data-testid={testId}>
            {children}
          </Card>
        ),
      )}
    </div>
  );
}
