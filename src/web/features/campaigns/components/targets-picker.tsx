import { Checkbox } from '@web/components/ui/checkbox';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { t } from '@web/i18n/pt-br';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { normalizeSearch } from '../lib/campaign-summary';
import type { CampaignRefs } from '../lib/refs';

export type Targets = { deviceIds: number[]; groupIds: number[]; allDevices: boolean };

type TargetsPickerProps = Pick<CampaignRefs, 'devices' | 'groups'> & {
  value: Targets;
  onChange: (next: Targets) => void;
  /** The targets' validation message (placed on `deviceIds` by the schema). */
  error?: string;
  id: string;
};

const toggle = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((x) => x !== id) : [...ids, id]);

/**
 * Where a campaign plays: every screen of the workspace, or chosen devices (searchable) and groups.
 * Choosing all screens keeps the lists but greys them out: they no longer matter.
 */
export function TargetsPicker({ value, onChange, devices, groups, error, id }: TargetsPickerProps) {
  const [search, setSearch] = useState('');
  const l = t.campaigns.form;
  const term = normalizeSearch(search);
  const shown = useMemo(
    () => (devices ?? []).filter((d) => !term || normalizeSearch(`${d.name} ${d.location}`).includes(term)),
    [devices, term],
  );
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-4" aria-describedby={error ? errorId : undefined}>
      <div className="flex items-start gap-3 rounded-md border p-3">
        <Checkbox
          id={`${id}-all`}
          checked={value.allDevices}
          onCheckedChange={(checked) => onChange({ ...value, allDevices: checked === true })}
          aria-describedby={`${id}-all-hint`}
          className="mt-0.5"
        />
        <div className="grid gap-1">
          <Label htmlFor={`${id}-all`} className="cursor-pointer">
            {l.allScreens}
          </Label>
          <p id={`${id}-all-hint`} className="text-muted-foreground text-xs">
            {l.allScreensHint}
          </p>
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-2" aria-disabled={value.allDevices || undefined}>
        <fieldset className="grid content-start gap-2" disabled={value.allDevices}>
          <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-medium">
            {l.devices}
            <span className="text-muted-foreground text-xs font-normal">{l.selected(value.deviceIds.length)}</span>
          </legend>
          <div className="relative">
            <Search
              className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={l.devicesSearch}
              aria-label={l.devicesSearchLabel}
              className="pl-9"
            />
          </div>
          <CheckList
            items={shown.map((d) => ({ id: d.id, label: d.name, detail: d.location }))}
            checked={value.deviceIds}
            onToggle={(deviceId) => onChange({ ...value, deviceIds: toggle(value.deviceIds, deviceId) })}
            empty={(devices ?? []).length === 0 ? l.noDevices : l.noDevicesFound}
          />
        </fieldset>
        <fieldset className="grid content-start gap-2" disabled={value.allDevices}>
          <legend className="mb-2 flex w-full items-center justify-between gap-2 text-sm font-medium">
            {l.groups}
            <span className="text-muted-foreground text-xs font-normal">{l.selected(value.groupIds.length)}</span>
          </legend>
          <CheckList
            items={(groups ?? []).map((g) => ({ id: g.id, label: g.name }))}
            checked={value.groupIds}
            onToggle={(groupId) => onChange({ ...value, groupIds: toggle(value.groupIds, groupId) })}
            empty={l.noGroups}
          />
        </fieldset>
      </div>
      {error ? (
        <p id={errorId} className="text-destructive text-sm font-medium">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type CheckListProps = {
  items: Array<{ id: number; label: string; detail?: string }>;
  checked: readonly number[];
  onToggle: (id: number) => void;
  empty: string;
};

function CheckList({ items, checked, onToggle, empty }: CheckListProps) {
  const base = useId();
  if (items.length === 0)
    return <p className="text-muted-foreground rounded-md border border-dashed p-3 text-sm">{empty}</p>;
  return (
    <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2">
      {items.map((item) => {
        const id = `${base}-${item.id}`;
        return (
          <li key={item.id} className="hover:bg-muted/60 flex items-center gap-2 rounded px-1.5 py-1">
            <Checkbox id={id} checked={checked.includes(item.id)} onCheckedChange={() => onToggle(item.id)} />
            <Label htmlFor={id} className="min-w-0 flex-1 cursor-pointer font-normal">
              <span className="truncate">{item.label}</span>
              {item.detail ? (
                <span className="text-muted-foreground ml-1 truncate text-xs">· {item.detail}</span>
              ) : null}
            </Label>
          </li>
        );
      })}
    </ul>
  );
}
