import { t } from '@web/i18n/pt-br';
import { ColorPair, TextOption, type KindFieldsProps } from './option-fields';

const l = t.content.fields;

/** QR code: the address or text it carries, a caption, colours. */
export function QrcodeFields({ form }: KindFieldsProps) {
  return (
    <>
      <TextOption form={form} name="value" label={l.value} placeholder={l.valuePlaceholder} />
      <TextOption form={form} name="caption" label={l.caption} />
      <ColorPair form={form} foreground="foregroundColor" />
    </>
  );
}
