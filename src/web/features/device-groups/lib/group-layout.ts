import { LAYOUT_LABELS, LAYOUTS, type Layout as SpecLayout, type Orientation } from '@contract/devices';
import { SPEC_LAYOUT_IDS, specLayoutOf, type Layout } from '@contract/layouts';
import { knownLayouts } from '@web/lib/layout-list';

/** "Manter o layout de cada tela": the group's assignment as before zones (no `layoutId`). */
export const KEEP_LAYOUTS = 'keep';

/** A layout the whole group may take: Tela Única / Tela Dupla (`single`, `dual`), or a zone layout's id. */
export type GroupLayoutChoice = { value: string; label: string; layout: Layout };

/**
 * The layouts every screen of the group may take (docs/layouts.md#devices: a layout has the
 * screen's orientation): Tela Única and Tela Dupla, which exist in both orientations, then, when
 * every screen of the group has one orientation, the other layouts of it. A group of mixed
 * orientations gets Tela Única and Tela Dupla only.
 */
export function groupLayoutChoices(
  list: readonly Layout[] | undefined,
  orientations: ReadonlySet<Orientation>,
): GroupLayoutChoice[] {
  const [only] = orientations.size === 1 ? [...orientations] : [];
  const layouts = knownLayouts(list);
  const spec = LAYOUTS.map((value) => ({
    value,
    label: LAYOUT_LABELS[value],
    layout: layouts.find((l) => l.id === SPEC_LAYOUT_IDS[value][only ?? 'horizontal'])!,
  }));
  if (!only) return spec;
  const zoned = layouts
    .filter((l) => l.orientation === only && specLayoutOf(l.id) === null)
    .map((layout) => ({ value: String(layout.id), label: layout.name, layout }));
  return [...spec, ...zoned];
}

const isSpec = (value: string): value is SpecLayout => (LAYOUTS as readonly string[]).includes(value);

/**
 * The `layoutId` a choice sends: Tela Única / Tela Dupla by their built-in id (of the group's
 * orientation; the server keeps them as `layout` single / dual, docs/layouts.md#devices), any other
 * layout by its own.
 */
export function groupLayoutId(value: string, orientations: ReadonlySet<Orientation>): number {
  if (!isSpec(value)) return Number(value);
  const [only] = orientations.size === 1 ? [...orientations] : [];
  return SPEC_LAYOUT_IDS[value][only ?? 'horizontal'];
}

/** The orientations of a group's screens. */
export const groupOrientations = (
  devices: readonly { groupId: number | null; orientation: Orientation }[],
  groupId: number,
): Set<Orientation> => new Set(devices.filter((d) => d.groupId === groupId).map((d) => d.orientation));
