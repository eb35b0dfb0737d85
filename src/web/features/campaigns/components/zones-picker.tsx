import { Checkbox } from '@web/components/ui/checkbox';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import type { ZoneChoice } from '@web/lib/layout-list';
import { useState } from 'react';

type ZonesPickerProps = {
  id: string;
  /** The zone keys it plays in; null: every zone (docs/layouts.md#campaigns). */
  value: string[] | null;
  onChange: (next: string[] | null) => void;
  /** The zone keys of the workspace's layouts, named by their zones. */
  choices: readonly ZoneChoice[];
  error?: string;
};

/**
 * "Zonas": every zone (the default, as before zones) or the zones chosen by key, so that a campaign
 * for the footer plays in the footer of every screen that has one (and in the main zone of one that
 * has none of them).
 */
export function ZonesPicker({ id, value, onChange, choices, error }: ZonesPickerProps) {
  const l = t.campaigns.form;
  // Unticking "Todas as zonas" brings back the zones chosen before it was ticked.
  const [lastChosen, setLastChosen] = useState<string[]>(value ?? []);
  const all = value === null;
  const chosen = value ?? [];
  const errorId = `${id}-error`;
  const toggle = (key: string) => {
    const next = chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key];
    setLastChosen(next);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : `${id}-hint`}>
      <legend className="mb-1 text-sm font-medium">{l.zones}</legend>
      <p id={`${id}-hint`} className="text-muted-foreground -mt-2 text-xs">
        {l.zonesHint}
      </p>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-all`}
          checked={all}
          onCheckedChange={(checked) => onChange(checked === true ? null : lastChosen)}
        />
        <Label htmlFor={`${id}-all`} className="cursor-pointer">
          {l.allZones}
        </Label>
      </div>
      <ul className="grid gap-1 rounded-md border p-2 sm:grid-cols-2" aria-disabled={all || undefined}>
        {choices.map((zone) => (
          <li key={zone.key} className="hover:bg-muted/60 flex items-center gap-2 rounded px-1.5 py-1">
            <Checkbox
              id={`${id}-${zone.key}`}
              checked={chosen.includes(zone.key)}
              disabled={all}
              onCheckedChange={() => toggle(zone.key)}
            />
            <Label htmlFor={`${id}-${zone.key}`} className="min-w-0 flex-1 cursor-pointer font-normal">
              {zone.label}
            </Label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
