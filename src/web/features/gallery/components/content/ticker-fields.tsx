import { Field, fieldA11y } from '@web/components/ui/field';
import { Textarea } from '@web/components/ui/textarea';
import { t } from '@web/i18n/pt-br';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { linesFromText } from '../../lib/content-form';
import { ColorPair, NumberOption, SizeOption, TextOption, useOptionError, type KindFieldsProps } from './option-fields';

const l = t.content.fields;

/** The ticker's style, shared with a feed shown as a ticker: speed, separator, colours, size. */
export function TickerStyleFields({ form }: KindFieldsProps) {
  return (
    <>
      <div className="grid grid-cols-2 gap-4">
        <NumberOption form={form} name="speed" label={l.speed} hint={l.speedHint} />
        <TextOption form={form} name="separator" label={l.separator} />
      </div>
      <ColorPair form={form} />
      <SizeOption form={form} />
    </>
  );
}

/** Letreiro: its lines (one per row of the textarea), then its style. */
export function TickerFields({ form }: KindFieldsProps) {
  return (
    <>
      <LinesField form={form} />
      <TickerStyleFields form={form} />
    </>
  );
}

/**
 * The lines as a textarea: the form holds the array the schema checks, without the blank rows;
 * the textarea keeps what was typed (a trailing new row included) so typing is never disturbed.
 */
function LinesField({ form }: KindFieldsProps) {
  const error = useOptionError({ form }, 'lines');
  return (
    <Controller
      control={form.control}
      name="options.lines"
      render={({ field }) => (
        <Field id="content-lines" label={l.lines} hint={l.linesHint} error={error}>
          <LinesTextarea
            initial={Array.isArray(field.value) ? (field.value as string[]).join('\n') : ''}
            onLines={field.onChange}
            onBlur={field.onBlur}
            a11y={fieldA11y('content-lines', error, l.linesHint)}
          />
        </Field>
      )}
    />
  );
}

type LinesTextareaProps = {
  initial: string;
  onLines: (lines: string[]) => void;
  onBlur: () => void;
  a11y: ReturnType<typeof fieldA11y>;
};

function LinesTextarea({ initial, onLines, onBlur, a11y }: LinesTextareaProps) {
  const [text, setText] = useState(initial);
  return (
    <Textarea
      {...a11y}
      rows={4}
      value={text}
      onBlur={onBlur}
      onChange={(event) => {
        setText(event.target.value);
        onLines(linesFromText(event.target.value));
      }}
    />
  );
}
