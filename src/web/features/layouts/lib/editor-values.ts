import { ORIENTATIONS, type Orientation } from '@contract/devices';
import { BUILT_IN_LAYOUTS, type Layout, type LayoutInput, type ZoneInput } from '@contract/layouts';
import type { FieldErrors } from 'react-hook-form';

/** The editor's starting values: the layout being edited, a built-in copied under a new name, or a blank screen. */
export function editorValues(layout: Layout | null, template: Layout | null): LayoutInput {
  if (layout) return { name: layout.name, orientation: layout.orientation, zones: layout.zones.map((z) => ({ ...z })) };
  if (template) return { name: '', orientation: template.orientation, zones: template.zones.map((z) => ({ ...z })) };
  return { name: '', orientation: 'horizontal', zones: [] };
}

/** The built-in named by `?modelo=-4` (the list's "Usar como base"), if any. */
export function templateFromSearch(search: string): Layout | null {
  const id = Number(new URLSearchParams(search).get('modelo'));
  return BUILT_IN_LAYOUTS.find((l) => l.id === id) ?? null;
}

export const templatesFor = (orientation: Orientation) => BUILT_IN_LAYOUTS.filter((l) => l.orientation === orientation);
export const isOrientation = (value: string): value is Orientation =>
  (ORIENTATIONS as readonly string[]).includes(value);

/** The layer a new zone gets: above every zone, so it never overlaps one on its own layer. */
export const topLayer = (zones: readonly ZoneInput[]) => Math.min(99, Math.max(-1, ...zones.map((z) => z.z ?? 0)) + 1);

/**
 * Every message the form holds about the zones (the list's own and each zone's fields), in order,
 * without repeats: what the resolver or the server's 400 said, shown next to the live checks.
 */
export function zoneErrorMessages(errors: FieldErrors<LayoutInput>['zones']): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && message) found.push(message);
    for (const [key, value] of Object.entries(node)) if (key !== 'ref' && key !== 'message') walk(value);
  };
  walk(errors);
  return [...new Set(found)];
}
