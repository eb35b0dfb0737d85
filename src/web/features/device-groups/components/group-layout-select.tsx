import { LayoutMap } from '@web/components/layout-map';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';
import { KEEP_LAYOUTS, type GroupLayoutChoice } from '../lib/group-layout';

type Props = {
  value: string;
  onChange: (value: string) => void;
  choices: readonly GroupLayoutChoice[];
  disabled: boolean;
};

/** The group's "Layout": keep each screen's own (the default, as before zones) or give them all one. */
export function GroupLayoutSelect({ value, onChange, choices, disabled }: Props) {
  return (
    <Field id="group-assign-layout" label={t.deviceGroups.assign.layout} hint={t.deviceGroups.assign.layoutHint}>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger {...fieldA11y('group-assign-layout', undefined, t.deviceGroups.assign.layoutHint)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={KEEP_LAYOUTS}>{t.deviceGroups.assign.keepLayouts}</SelectItem>
          {choices.map(({ value: choice, label, layout }) => (
            <SelectItem key={choice} value={choice}>
              <span className="flex items-center gap-2">
                <LayoutMap
                  decorative
                  name={label}
                  orientation={layout.orientation}
                  zones={layout.zones}
                  className={layout.orientation === 'horizontal' ? 'w-8' : 'h-8'}
                />
                {label}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
