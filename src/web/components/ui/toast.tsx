import { X } from 'lucide-react';
import { Toast as ToastPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '@web/lib/cn';

/**
 * Radix copies a toast's text into a hidden live region for one second. Marking our text parts
 * "announce-exclude" avoids that copy (tests would otherwise find each text twice); instead the
 * visible toast itself is the live region (role="status"), so it is announced and findable.
 */
const EXCLUDE = { 'data-radix-toast-announce-exclude': '' } as const;

export const ToastProvider = ToastPrimitive.Provider;

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      label="Notificações ({hotkey})"
      // A modal dialog hides the rest of the page from assistive tech, except elements carrying
      // aria-live: "off" keeps the viewport (and so a toast raised over a dialog) reachable while
      // each toast stays its own live region.
      aria-live="off"
      className={cn(
        'fixed right-0 bottom-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col-reverse gap-2 p-4 outline-none sm:max-w-[420px]',
        className,
      )}
      {...props}
    />
  );
}

type ToastProps = ComponentProps<typeof ToastPrimitive.Root> & { variant?: 'default' | 'destructive' };

export function Toast({ className, variant = 'default', ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      role="status"
      aria-live={variant === 'destructive' ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={cn(
        'pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-9 shadow-lg',
        'data-[state=open]:animate-toast-in data-[state=closed]:animate-fade-in data-[state=closed]:opacity-0',
        'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
        'data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
        variant === 'destructive'
          ? 'border-destructive bg-destructive text-destructive-foreground'
          : 'bg-card text-card-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title {...EXCLUDE} className={cn('text-sm font-semibold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description {...EXCLUDE} className={cn('text-sm opacity-90', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      {...EXCLUDE}
      aria-label="Fechar notificação"
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-60',
        'transition-opacity hover:opacity-100 focus-visible:ring-2 focus-visible:outline-none',
        'focus-visible:ring-ring',
        className,
      )}
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitive.Close>
  );
}
