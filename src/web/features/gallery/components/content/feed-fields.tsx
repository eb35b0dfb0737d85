import { FEED_DISPLAYS } from '@contract/content';
import { t } from '@web/i18n/pt-br';
import { useWatch } from 'react-hook-form';
import { ChoiceOption, NumberOption, TextOption, type KindFieldsProps } from './option-fields';
import { TickerStyleFields } from './ticker-fields';

const l = t.content.fields;
const DISPLAY_CHOICES = Object.fromEntries(FEED_DISPLAYS.map((d) => [d, t.content.displays[d]]));

/** Feed RSS/Atom: its address, how often and how much to fetch, shown as a ticker or as slides. */
export function FeedFields({ form }: KindFieldsProps) {
  const display = useWatch({ control: form.control, name: 'options.display' });
  return (
    <>
      <TextOption form={form} name="url" label={l.url} type="url" placeholder={l.urlPlaceholder} />
      <div className="grid grid-cols-2 gap-4">
        <NumberOption form={form} name="refreshMinutes" label={l.feedRefreshMinutes} />
        <NumberOption form={form} name="maxItems" label={l.maxItems} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <ChoiceOption form={form} name="display" label={l.display} choices={DISPLAY_CHOICES} />
        {display === 'slides' ? <NumberOption form={form} name="secondsPerItem" label={l.secondsPerItem} /> : null}
      </div>
      <TickerStyleFields form={form} />
    </>
  );
}
