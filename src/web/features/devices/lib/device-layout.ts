import { LAYOUTS, type Layout as SpecLayout, type Orientation } from '@contract/devices';
import { specLayoutFor, specLayoutOf, type Layout } from '@contract/layouts';
import { knownLayouts, layoutsOf } from '@web/lib/layout-list';

/** What the device form holds of a screen's layout: the spec's `layout`, and `layoutId` for any other one. */
export type LayoutFields = { layout: SpecLayout; layoutId: number | null };

/** One entry of the form's "Layout" select: `single` / `dual` for Tela Única / Tela Dupla, else the layout's id. */
export type LayoutChoice = { value: string; layout: Layout };

const isSpec = (value: string): value is SpecLayout => (LAYOUTS as readonly string[]).includes(value);

/**
 * The layouts a screen of this orientation may take (docs/layouts.md#built-in-layouts): Tela Única
 * and Tela Dupla first, chosen by `layout` as before zones, then the other built-ins and the
 * workspace's layouts in the list's order.
 */
export function layoutChoices(list: readonly Layout[] | undefined, orientation: Orientation): LayoutChoice[] {
  const choices = layoutsOf(list, orientation).map((layout) => ({
    value: specLayoutOf(layout.id) ?? String(layout.id),
    layout,
  }));
  const rank = (c: LayoutChoice) => (isSpec(c.value) ? LAYOUTS.indexOf(c.value) : LAYOUTS.length);
  return choices.sort((a, b) => rank(a) - rank(b));
}

/** The select's value for the form's fields. */
export const layoutChoiceValue = ({ layout, layoutId }: LayoutFields): string =>
  layoutId === null ? layout : String(layoutId);

/**
 * The form's fields for a choice: Tela Única / Tela Dupla send `layout` with no `layoutId`, so
 * the request is the one made before zones; another layout sends its id, with the `layout` the
 * server keeps for it (one zone: single; more: dual).
 */
export function fieldsOfChoice(value: string, list: readonly Layout[] | undefined): LayoutFields {
  if (isSpec(value)) return { layout: value, layoutId: null };
  const id = Number(value);
  const zones = knownLayouts(list).find((l) => l.id === id)?.zones.length ?? 1;
  return { layout: specLayoutFor(zones), layoutId: id };
}

/**
 * After the orientation changes: a layout drawn for the other orientation goes back to Tela Única
 * (the server refuses a layout of another orientation); Tela Única / Tela Dupla, which exist in
 * both, stay. A layout not in the list (not read yet) stays: the server still checks it.
 */
export function fieldsForOrientation(
  fields: LayoutFields,
  orientation: Orientation,
  list: readonly Layout[] | undefined,
): LayoutFields {
  if (fields.layoutId === null) return fields;
  const layout = knownLayouts(list).find((l) => l.id === fields.layoutId);
  return layout && layout.orientation !== orientation ? { layout: 'single', layoutId: null } : fields;
}
