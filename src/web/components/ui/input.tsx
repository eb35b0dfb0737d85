import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return (
    <input
      type={type}
      className={cn(
        'border-input bg-card flex h-10 w-full rounded-md border px-3 py-2 text-base shadow-xs transition-colors md:text-sm',
        'placeholder:text-muted-foreground file:border-0 file:bg-transparent file:text-sm file:font-medium',
        'focus-visible:ring-ring focus-visible:ring-offset-background',
        'focus-visible:ring-2 focus-visible:ring-offset-1 focus-visible:outline-none',
        'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
