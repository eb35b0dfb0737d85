import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import type { ComponentProps } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

type TextFieldProps<V extends FieldValues> = {
  form: UseFormReturn<V, unknown, unknown>;
  /** The form's field, nested ones too (`ads.pricePerPlay`). */
  name: Path<V>;
  id: string;
  label: string;
  hint?: string;
} & Omit<ComponentProps<typeof Input>, 'id' | 'name' | 'form'>;

/** A react-hook-form text field: label, input, hint and its error, wired for screen readers. */
export function TextField<V extends FieldValues>({ form, name, id, label, hint, ...input }: TextFieldProps<V>) {
  const error = form.getFieldState(name, form.formState).error?.message;
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input {...fieldA11y(id, error, hint)} autoComplete="off" {...input} {...form.register(name)} />
    </Field>
  );
}
