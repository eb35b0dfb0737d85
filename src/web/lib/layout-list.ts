import type { Device, Orientation } from '@contract/devices';
import { LAYOUT_WINDOW_LABELS } from '@contract/devices';
import { BUILT_IN_LAYOUTS, layoutListSchema, screenLayoutId, type Layout } from '@contract/layouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { t } from '@web/i18n/pt-br';
import { apiJson } from '@web/lib/api-client';
import { LAYOUTS_QUERY_KEY } from '@web/lib/query-keys';

/**
 * `GET /api/layouts` (docs/layouts.md#api): here, not in the layouts feature, because the device
 * form, the assign dialogs, the device cards and the campaign form read it too, and features do
 * not import each other.
 */
export async function getLayoutList(signal?: AbortSignal): Promise<Layout[]> {
  return layoutListSchema.parse(await apiJson<unknown>('GET', LAYOUTS_QUERY_KEY[0], undefined, signal));
}

export const layoutListQueryOptions = () =>
  queryOptions({ queryKey: LAYOUTS_QUERY_KEY, queryFn: ({ signal }) => getLayoutList(signal) });

/** The built-ins in their fixed order, then the workspace's layouts by name. */
export function useLayoutList() {
  return useQuery(layoutListQueryOptions());
}

/** The layouts known now: the list once read, else the built-ins (the same for every workspace). */
export const knownLayouts = (list: readonly Layout[] | undefined): readonly Layout[] => list ?? BUILT_IN_LAYOUTS;

export type LayoutsById = ReadonlyMap<number, Layout>;
export const layoutsById = (list: readonly Layout[] | undefined): LayoutsById =>
  new Map(knownLayouts(list).map((l) => [l.id, l]));

/** The layouts a screen of this orientation may take, in the list's order. */
export const layoutsOf = (list: readonly Layout[] | undefined, orientation: Orientation) =>
  knownLayouts(list).filter((l) => l.orientation === orientation);

type ScreenLike = Pick<Device, 'layout' | 'orientation' | 'layoutId'>;

/** The layout a screen shows (its zone layout, or Tela Única / Tela Dupla of its orientation); undefined if unknown. */
export const screenLayout = (device: ScreenLike, layouts: LayoutsById): Layout | undefined =>
  layouts.get(screenLayoutId(device));

/**
 * How a card names a screen's layout: "1 Janela" / "2 Janelas" for Tela Única / Tela Dupla (as
 * before zones, docs/product.md#device-list), else the layout's name and zone count ("L · 3 zonas").
 */
export function screenLayoutLabel(device: ScreenLike, layouts: LayoutsById): string {
  if (device.layoutId === null) return LAYOUT_WINDOW_LABELS[device.layout];
  const layout = layouts.get(device.layoutId);
  return layout ? t.layouts.nameWithZones(layout.name, layout.zones.length) : t.layouts.unknown(device.layoutId);
}

export type ZoneChoice = { key: string; label: string };

/**
 * The zone keys of the workspace's layouts (built-ins first), each once, in the order first met,
 * named by its zone: a key named differently in several layouts (`zona-1` is "Esquerda" in Três
 * colunas, "Superior" in Três faixas) lists its names, so a campaign's zones say where they fall.
 */
export function zoneChoices(list: readonly Layout[] | undefined): ZoneChoice[] {
  const names = new Map<string, string[]>();
  for (const layout of knownLayouts(list))
    for (const zone of layout.zones) {
      const known = names.get(zone.key) ?? [];
      if (!known.includes(zone.name)) known.push(zone.name);
      names.set(zone.key, known);
    }
  return [...names].map(([key, zoneNames]) => ({ key, label: zoneNames.join(' / ') }));
}

/** "Principal, Rodapé": a campaign's zone keys by their names (a key no layout has any more shows as is). */
export function zoneKeysLabel(keys: readonly string[], choices: readonly ZoneChoice[]): string {
  return keys.map((key) => choices.find((c) => c.key === key)?.label ?? key).join(', ');
}
