import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@web/lib/cn';
import { Input } from './input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & { showLabel?: string; hideLabel?: string };

/** A password field with a show/hide toggle; the toggle's name says what pressing it will do. */
export function PasswordInput({
  className,
  showLabel = 'Mostrar senha',
  hideLabel = 'Ocultar senha',
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-10', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? hideLabel : showLabel}
        aria-controls={props.id}
        className={cn(
          'text-muted-foreground hover:text-foreground focus-visible:ring-ring',
          'absolute inset-y-0 right-0 flex w-10 cursor-pointer items-center',
          'justify-center rounded-r-md focus-visible:ring-2 focus-visible:outline-none',
        )}
      >
        <Icon className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
