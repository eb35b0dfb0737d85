import { CLOCK_STYLES } from '@contract/content';
import { DEFAULT_TIME_ZONE } from '@contract/schedule';
import { t } from '@web/i18n/pt-br';
import { useSession } from '@web/lib/session';
import { BooleanOption, ChoiceOption, ColorPair, type KindFieldsProps } from './option-fields';

const l = t.content.fields;
const STYLE_CHOICES = Object.fromEntries(CLOCK_STYLES.map((s) => [s, t.content.clockStyles[s]]));

/** Relógio: digital or analog, date and seconds, colours; it shows the workspace's time zone. */
export function ClockFields({ form }: KindFieldsProps) {
  const { workspace } = useSession();
  return (
    <>
      <ChoiceOption form={form} name="style" label={l.clockStyle} choices={STYLE_CHOICES} />
      <div className="flex flex-wrap gap-6">
        <BooleanOption form={form} name="showDate" label={l.showDate} />
        <BooleanOption form={form} name="showSeconds" label={l.showSeconds} />
      </div>
      <ColorPair form={form} />
      <p className="text-muted-foreground text-xs">{t.content.timeZone(workspace?.timeZone ?? DEFAULT_TIME_ZONE)}</p>
    </>
  );
}
