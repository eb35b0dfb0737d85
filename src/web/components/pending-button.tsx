import { Button, type ButtonProps } from '@web/components/ui/button';
import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

type PendingButtonProps = Omit<ButtonProps, 'asChild'> & {
  /** While true: a spinner in place of `icon`, `pendingLabel` in place of the label, and disabled. */
  pending: boolean;
  pendingLabel: ReactNode;
  /** Shown before the label when not pending. */
  icon?: ReactNode;
};

/** A button that sends a request: disabled, with a spinner, while it runs, so it is never sent twice. */
export function PendingButton({ pending, pendingLabel, icon, disabled, children, ...props }: PendingButtonProps) {
  return (
    <Button disabled={disabled || pending} {...props}>
      {pending ? <Loader2 className="animate-spin" aria-hidden="true" /> : (icon ?? null)}
      {pending ? pendingLabel : children}
    </Button>
  );
}
