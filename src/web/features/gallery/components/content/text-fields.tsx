import { Field, fieldA11y } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { t } from '@web/i18n/pt-br';
import { AlignOption, ColorPair, SizeOption, TextOption, useOptionError, type KindFieldsProps } from './option-fields';

const l = t.content.fields;

/** Texto: a title and/or a body (one of them), colours, size and alignment. */
export function TextFields({ form }: KindFieldsProps) {
  const bodyError = useOptionError({ form }, 'body');
  return (
    <>
      <TextOption form={form} name="title" label={l.title} />
      <Field id="content-body" label={l.body} error={bodyError}>
        <Textarea {...fieldA11y('content-body', bodyError)} rows={3} {...form.register('options.body')} />
      </Field>
      <ColorPair form={form} />
      <div className="grid grid-cols-2 gap-4">
        <SizeOption form={form} />
        <AlignOption form={form} />
      </div>
    </>
  );
}
