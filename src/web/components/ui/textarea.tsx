import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/** A multi-line text field styled like `Input`. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'border-input bg-card flex min-h-20 w-full rounded-md border px-3 py-2 text-base shadow-xs transition-colors md:text-sm',
        'placeholder:text-muted-foreground',
        'focus-visible:ring-ring focus-visible:ring-offset-background',
        'focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:outline-none',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
