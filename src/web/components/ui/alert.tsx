import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

const variants = {
  default: 'bg-card text-card-foreground',
  warning: 'border-warning/50 bg-warning/10 text-foreground [&>svg]:text-warning',
  destructive: 'border-destructive/50 bg-destructive/5 text-destructive [&>svg]:text-destructive',
} as const;

/**
 * A static notice. `role` defaults to "alert" for destructive ones (they report a failure) and to
 * "status" otherwise, so both are announced and findable by role.
 */
export function Alert({
  className,
  variant = 'default',
  role,
  ...props
}: ComponentProps<'div'> & { variant?: keyof typeof variants }) {
  return (
    <div
      role={role ?? (variant === 'destructive' ? 'alert' : 'status')}
      className={cn(
        'relative w-full rounded-lg border px-4 py-3 text-sm [&>svg]:absolute [&>svg]:top-3.5 [&>svg]:left-4 [&>svg]:size-4 [&>svg~*]:pl-7',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function AlertDescription({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('text-sm [&_p]:leading-relaxed', className)} {...props} />;
}

export function AlertTitle({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('mb-1 font-medium', className)} {...props} />;
}
