import type { Layout } from '@contract/layouts';
import { LayoutMap } from '@web/components/layout-map';
import { t } from '@web/i18n/pt-br';
import type { ComponentType } from 'react';

type Option = { id: number; name: string };

/** The props of the devices' searchable playlist picker, which the caller gives (a feature's component). */
export type PlaylistPickerProps = {
  label: string;
  options: readonly Option[];
  value: number | null;
  onChange: (value: number | null) => void;
  allowNone?: boolean;
  loading?: boolean;
  disabled?: boolean;
};

type Props = {
  layout: Pick<Layout, 'name' | 'orientation' | 'zones'>;
  /** One playlist (or null) per zone, in zone order. */
  value: ReadonlyArray<number | null>;
  onChange: (value: Array<number | null>) => void;
  Picker: ComponentType<PlaylistPickerProps>;
  options: readonly Option[];
  loading: boolean;
  disabled: boolean;
};

/**
 * The assign dialogs' playlists of a zone layout (docs/layouts.md#devices): the layout's map and a
 * picker per zone, named by the zone. A one-zone layout may show nothing, as Tela Única.
 */
export function ZonePlaylistFields({ layout, value, onChange, Picker, options, loading, disabled }: Props) {
  const single = layout.zones.length === 1;
  return (
    <div className="grid gap-4" data-testid="zone-playlists">
      <div className="flex justify-center">
        <LayoutMap name={layout.name} orientation={layout.orientation} zones={layout.zones} />
      </div>
      {layout.zones.map((zone, index) => (
        <Picker
          key={zone.key}
          label={t.devices.assign.zone(zone.name)}
          value={value[index] ?? null}
          onChange={(id) => onChange(layout.zones.map((_, i) => (i === index ? id : (value[i] ?? null))))}
          allowNone={single}
          options={options}
          loading={loading}
          disabled={disabled}
        />
      ))}
    </div>
  );
}
