import { fieldA11y } from '@web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { Controller } from 'react-hook-form';
import type { DeviceFormControl } from '../lib/device-form';

const NONE = 'none';

type Props = {
  form: DeviceFormControl;
  name: 'groupId' | 'ads.partnerId';
  id: string;
  error: string | undefined;
  /** The first option, which means null. */
  noneLabel: string;
  /** The choices by name; undefined while they load. */
  options: { id: number; name: string }[] | undefined;
};

/** A select of the device form whose value is a row's id or null ("Nenhum grupo", "Nenhum"). */
export function OptionalIdSelect({ form, name, id, error, noneLabel, options }: Props) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select
          value={field.value == null ? NONE : String(field.value)}
          onValueChange={(v) => field.onChange(v === NONE ? null : Number(v))}
          name={field.name}
        >
          <SelectTrigger {...fieldA11y(id, error)} onBlur={field.onBlur} ref={field.ref}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{noneLabel}</SelectItem>
            {(options ?? []).map((o) => (
              <SelectItem key={o.id} value={String(o.id)}>
                {o.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}
