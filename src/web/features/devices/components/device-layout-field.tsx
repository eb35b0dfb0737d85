import type { Orientation } from '@contract/devices';
import type { Layout } from '@contract/layouts';
import { LayoutMap } from '@web/components/layout-map';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';
import { layoutChoiceValue, layoutChoices, type LayoutFields } from '../lib/device-layout';

type Props = {
  value: LayoutFields;
  orientation: Orientation;
  /** `GET /api/layouts`; undefined while it loads (the built-ins show meanwhile). */
  layouts: readonly Layout[] | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
};

/**
 * The device form's "Layout" (docs/layouts.md): every layout of the screen's orientation, each
 * with its small map, Tela Única and Tela Dupla first with their labels of always.
 */
export function DeviceLayoutField({ value, orientation, layouts, onChange, onBlur, error }: Props) {
  const choices = layoutChoices(layouts, orientation);
  return (
    <Field id="device-layout" label={t.devices.form.layout} error={error}>
      <Select value={layoutChoiceValue(value)} onValueChange={onChange} name="layout">
        <SelectTrigger {...fieldA11y('device-layout', error)} onBlur={onBlur}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map(({ value: choice, layout }) => (
            <SelectItem key={choice} value={choice}>
              <span className="flex items-center gap-2">
                <LayoutMap
                  decorative
                  name={layout.name}
                  orientation={layout.orientation}
                  zones={layout.zones}
                  className={layout.orientation === 'horizontal' ? 'w-8' : 'h-8'}
                />
                {layout.name}
              </span>
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}
