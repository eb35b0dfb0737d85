import { t } from '@web/i18n/pt-br';
import { NumberOption, TextOption, type KindFieldsProps } from './option-fields';

const l = t.content.fields;

/** Página web: its address, reload interval (empty: never) and zoom. */
export function WebpageFields({ form }: KindFieldsProps) {
  return (
    <>
      <TextOption form={form} name="url" label={l.url} type="url" placeholder={l.urlPlaceholder} />
      <div className="grid grid-cols-2 gap-4">
        <NumberOption form={form} name="refreshMinutes" label={l.refreshMinutes} hint={l.refreshNever} emptyIsNull />
        <NumberOption form={form} name="zoom" label={l.zoom} />
      </div>
    </>
  );
}
