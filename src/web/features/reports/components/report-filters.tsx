import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@web/components/ui/select';
import { t } from '@web/i18n/pt-br';
import type { ReportFilters } from '../lib/period';

export type Named = { id: number; name: string };
/** The names the filters offer, given by the page (they are other features' lists). */
export type ReportRefs = {
  devices?: Named[];
  groups?: Named[];
  media?: Named[];
  playlists?: Named[];
  campaigns?: Named[];
};

const ALL = 'all';

/** Screens (one device or one group), media, playlist, campaign. */
export function ReportFiltersBar({
  refs,
  filters,
  onChange,
}: {
  refs: ReportRefs;
  filters: ReportFilters;
  onChange: (filters: ReportFilters) => void;
}) {
  const l = t.reports.filters;
  const screen = filters.groupId ? `g${filters.groupId}` : filters.deviceId ? `d${filters.deviceId}` : ALL;
  const setScreen = (value: string) => {
    const id = Number(value.slice(1));
    onChange({
      ...filters,
      deviceId: value.startsWith('d') ? id : undefined,
      groupId: value.startsWith('g') ? id : undefined,
    });
  };
  const set = (key: 'mediaId' | 'playlistId' | 'campaignId') => (value: string) =>
    onChange({ ...filters, [key]: value === ALL ? undefined : Number(value) });
  const any = Object.values(filters).some(Boolean);
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto] lg:items-end">
      <legend className="sr-only">{l.label}</legend>
      <FilterSelect
        id="report-screen"
        label={l.screens}
        value={screen}
        onChange={setScreen}
        all={l.allScreens}
        options={[
          ...(refs.groups ?? []).map((g) => ({ value: `g${g.id}`, label: l.group(g.name) })),
          ...(refs.devices ?? []).map((d) => ({ value: `d${d.id}`, label: d.name })),
        ]}
      />
      <FilterSelect
        id="report-media"
        label={l.media}
        value={String(filters.mediaId ?? ALL)}
        onChange={set('mediaId')}
        all={l.allMedia}
        options={options(refs.media)}
      />
      <FilterSelect
        id="report-playlist"
        label={l.playlist}
        value={String(filters.playlistId ?? ALL)}
        onChange={set('playlistId')}
        all={l.allPlaylists}
        options={options(refs.playlists)}
      />
      <FilterSelect
        id="report-campaign"
        label={l.campaign}
        value={String(filters.campaignId ?? ALL)}
        onChange={set('campaignId')}
        all={l.allCampaigns}
        options={options(refs.campaigns)}
      />
      <Button variant="ghost" disabled={!any} onClick={() => onChange({})}>
        {l.clear}
      </Button>
    </fieldset>
  );
}

const options = (items: Named[] | undefined) => (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  all: string;
  options: Array<{ value: string; label: string }>;
  onChange: (value: string) => void;
};

function FilterSelect({ id, label, value, all, options: items, onChange }: FilterSelectProps) {
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{all}</SelectItem>
          {items.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
