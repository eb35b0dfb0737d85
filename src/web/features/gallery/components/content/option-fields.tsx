import { TEXT_ALIGNS, TEXT_SIZES, type ContentCreate } from '@contract/content';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import type { ComponentProps, ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { ContentFormValues } from '../../lib/content-form';

/** What every kind's fields get: the form, whose options are `options.<key>`. */
export type KindFieldsProps = { form: UseFormReturn<ContentFormValues, unknown, ContentCreate> };
type OptionPath = `options.${string}`;
type FieldBase = KindFieldsProps & { name: string; label: ReactNode; hint?: ReactNode };

const idOf = (name: string) => `content-${name}`;
/** The first message in an error tree: a ticker's issue may sit on one of its lines (`lines.3`). */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const nested of Object.values(error)) {
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/** The message of the schema's (or the server's) issue on `options.<name>` or under it. */
export function useOptionError({ form }: KindFieldsProps, name: string): string | undefined {
  return firstMessage(form.getFieldState(`options.${name}` as OptionPath, form.formState).error);
}

type TextOptionProps = FieldBase & Omit<ComponentProps<typeof Input>, 'name' | 'form'>;
export function TextOption({ form, name, label, hint, ...input }: TextOptionProps) {
  const error = useOptionError({ form }, name);
  return (
    <Field id={idOf(name)} label={label} error={error} hint={hint}>
      <Input
        {...fieldA11y(idOf(name), error, hint)}
        autoComplete="off"
        {...input}
        {...form.register(`options.${name}`)}
      />
    </Field>
  );
}

/** A whole number; an empty field is NaN (the schema's message) or, with `emptyIsNull`, null. */
export function NumberOption({ form, name, label, hint, emptyIsNull }: FieldBase & { emptyIsNull?: boolean }) {
  const error = useOptionError({ form }, name);
  return (
    <Field id={idOf(name)} label={label} error={error} hint={hint}>
      <Input
        {...fieldA11y(idOf(name), error, hint)}
        type="number"
        inputMode="numeric"
        {...form.register(`options.${name}`, {
          setValueAs: (value: unknown) =>
            value === '' || value === null ? (emptyIsNull ? null : Number.NaN) : Number(value),
        })}
      />
    </Field>
  );
}

export function ColorOption({ form, name, label }: FieldBase) {
  const error = useOptionError({ form }, name);
  return (
    <Field id={idOf(name)} label={label} error={error}>
      <Input
        {...fieldA11y(idOf(name), error)}
        type="color"
        className="h-9 w-full cursor-pointer p-1"
        {...form.register(`options.${name}`)}
      />
    </Field>
  );
}

type ChoiceOptionProps = FieldBase & { choices: Record<string, string> };
export function ChoiceOption({ form, name, label, choices }: ChoiceOptionProps) {
  const error = useOptionError({ form }, name);
  return (
    <Field id={idOf(name)} label={label} error={error}>
      <Controller
        control={form.control}
        name={`options.${name}`}
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={field.onChange} name={field.name}>
            <SelectTrigger {...fieldA11y(idOf(name), error)} onBlur={field.onBlur} ref={field.ref}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(choices).map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Field>
  );
}

const SIZE_CHOICES = Object.fromEntries(TEXT_SIZES.map((s) => [s, t.content.sizes[s]]));
const ALIGN_CHOICES = Object.fromEntries(TEXT_ALIGNS.map((a) => [a, t.content.aligns[a]]));
export const SizeOption = (props: KindFieldsProps) => (
  <ChoiceOption {...props} name="size" label={t.content.fields.size} choices={SIZE_CHOICES} />
);
export const AlignOption = (props: KindFieldsProps) => (
  <ChoiceOption {...props} name="align" label={t.content.fields.align} choices={ALIGN_CHOICES} />
);

export function BooleanOption({ form, name, label }: FieldBase) {
  return (
    <Controller
      control={form.control}
      name={`options.${name}`}
      render={({ field }) => (
        <div className="flex items-center gap-2">
          <Checkbox
            id={idOf(name)}
            checked={field.value === true}
            onCheckedChange={(checked) => field.onChange(checked === true)}
            onBlur={field.onBlur}
            ref={field.ref}
          />
          <Label htmlFor={idOf(name)} className="cursor-pointer font-normal">
            {label}
          </Label>
        </div>
      )}
    />
  );
}

/** Text and background colours side by side. */
export function ColorPair({ form, foreground = 'textColor' }: KindFieldsProps & { foreground?: string }) {
  const l = t.content.fields;
  return (
    <div className="grid grid-cols-2 gap-4">
      <ColorOption form={form} name={foreground} label={foreground === 'textColor' ? l.textColor : l.foregroundColor} />
      <ColorOption form={form} name="backgroundColor" label={l.backgroundColor} />
    </div>
  );
}
