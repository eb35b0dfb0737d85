import { ZONE_FITS, ZONE_MAX_Z, type ZoneFit, type ZoneInput } from '@contract/layouts';
import { Button } from '@web/components/ui/button';
import { Field, fieldA11y } from '@web/components/ui/field';
import { Input } from '@web/components/ui/input';
import { t } from '@web/i18n/pt-br';
import { ArrowDownToLine, ArrowUpToLine, Trash2 } from 'lucide-react';
import { useState } from 'react';

type Props = {
  zone: ZoneInput;
  /** The message of a check on this zone's name (the form's or the server's). */
  nameError: string | undefined;
  onChange: (zone: ZoneInput) => void;
  onRemove: () => void;
};

const NUMBERS = ['x', 'y', 'width', 'height'] as const;

/** The selected zone's details: name, exact position and size, layer (z-order) and fit. */
export function ZonePanel({ zone, nameError, onChange, onRemove }: Props) {
  const z = zone.z ?? 0;
  const fit = zone.fit ?? 'contain';
  return (
    <section aria-labelledby="zone-panel-title" className="grid gap-3 rounded-md border p-3">
      <h2 id="zone-panel-title" className="truncate font-semibold">
        {t.layouts.editor.selectedTitle(zone.name)}
      </h2>
      <Field id="zone-name" label={t.layouts.editor.zoneName} error={nameError}>
        <Input
          {...fieldA11y('zone-name', nameError)}
          value={zone.name}
          maxLength={60}
          autoComplete="off"
          onChange={(event) => onChange({ ...zone, name: event.target.value })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-2">
        {NUMBERS.map((field) => (
          <PercentField
            key={field}
            id={`zone-${field}`}
            label={t.layouts.editor[field]}
            value={zone[field]}
            onChange={(value) => onChange({ ...zone, [field]: value })}
          />
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm" data-testid="zone-layer">
          {t.layouts.editor.layer(z)}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={z >= ZONE_MAX_Z}
          onClick={() => onChange({ ...zone, z: z + 1 })}
        >
          <ArrowUpToLine aria-hidden="true" />
          {t.layouts.editor.forward}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={z <= 0}
          onClick={() => onChange({ ...zone, z: z - 1 })}
        >
          <ArrowDownToLine aria-hidden="true" />
          {t.layouts.editor.backward}
        </Button>
      </div>
      <fieldset className="grid gap-1">
        <legend className="mb-1 text-sm font-medium">{t.layouts.editor.fit}</legend>
        {ZONE_FITS.map((value: ZoneFit) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="zone-fit"
              value={value}
              checked={fit === value}
              onChange={() => onChange({ ...zone, fit: value })}
            />
            {t.layouts.editor.fits[value]}
          </label>
        ))}
      </fieldset>
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        {t.layouts.editor.removeZone}
      </Button>
    </section>
  );
}

type PercentFieldProps = { id: string; label: string; value: number; onChange: (value: number) => void };

/**
 * A percent typed as text (a comma is a decimal point): while focused the field may be empty or half
 * typed without the zone taking that value; each complete number moves the zone. Unfocused, it shows
 * the zone's value, so a drag or an arrow key is seen here too.
 */
function PercentField({ id, label, value, onChange }: PercentFieldProps) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <Field id={id} label={label}>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={draft ?? String(value)}
        onFocus={() => setDraft(String(value))}
        onBlur={() => setDraft(null)}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = Number(event.target.value.replace(',', '.'));
          if (event.target.value.trim() !== '' && Number.isFinite(next)) onChange(next);
        }}
      />
    </Field>
  );
}
