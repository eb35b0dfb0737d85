import { z } from 'zod';
import { MAX_DB_INT } from './common';
import { ORIENTATIONS, type Layout as SpecLayout, type Orientation } from './devices';
import { messages } from './messages';

/**
 * Layouts: a screen made of 1–8 zones (docs/layouts.md). One schema checks the editor's form and
 * `POST`/`PUT /api/layouts`; the rules are also exported as pure helpers so the editor shows the
 * same errors while a zone is dragged.
 */

export const LAYOUT_MAX_ZONES = 8;
export const ZONE_FITS = ['cover', 'contain'] as const;
export type ZoneFit = (typeof ZONE_FITS)[number];
/** The player's `object-fit` today (src/player/player.css, `.media`): what a zone does unless told. */
export const DEFAULT_ZONE_FIT: ZoneFit = 'contain';
export const ZONE_MAX_Z = 99;
const ZONE_KEY = /^[a-z0-9][a-z0-9-]{0,15}$/;

/**
 * How two names are told apart, for zone names inside a layout and layout names inside a workspace:
 * case, accents and repeated spaces do not count ("Rodapé" = "rodape" = " RODAPE "), since a person
 * picking a zone or a layout from a list could not tell such names apart either.
 */
export function nameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('pt-BR').replace(/\s+/g, ' ').trim();
}

const percent = z.number({ error: messages.layouts.zoneNumber });

/** A zone as the editor and the API send it; `key` may be left out (the schema gives the next free one). */
export const zoneInputSchema = z.object({
  key: z.string({ error: messages.layouts.zoneKeyInvalid }).regex(ZONE_KEY, messages.layouts.zoneKeyInvalid).optional(),
  name: z
    .string({ error: messages.layouts.zoneNameRequired })
    .trim()
    .min(1, messages.layouts.zoneNameRequired)
    .max(40, messages.layouts.zoneNameTooLong),
  // Range and decimals are checked by `validateZones`, whose messages name the zone.
  x: percent,
  y: percent,
  width: percent,
  height: percent,
  z: z
    .number({ error: messages.layouts.zoneZInvalid })
    .int(messages.layouts.zoneZInvalid)
    .min(0, messages.layouts.zoneZInvalid)
    .max(ZONE_MAX_Z, messages.layouts.zoneZInvalid)
    .default(0),
  fit: z.enum(ZONE_FITS, { error: messages.layouts.zoneFitInvalid }).default(DEFAULT_ZONE_FIT),
});
export type ZoneInput = z.input<typeof zoneInputSchema>;

/** A zone: a rectangle in percent of the screen (0–100, two decimals), drawn above the zones of lower `z`. */
export const zoneSchema = z
  .object({
    key: z.string(),
    name: z.string(),
    x: z.number(),
    y: z.number(),
    width: z.number(),
    height: z.number(),
    z: z.number().int(),
    fit: z.enum(ZONE_FITS),
  })
  .meta({ id: 'LayoutZone' });
export type Zone = z.output<typeof zoneSchema>;

/** What the rules read of a zone: the editor may check a zone still without key, z or fit. */
export type ZoneDraft = Pick<Zone, 'name' | 'x' | 'y' | 'width' | 'height'> & Partial<Pick<Zone, 'key' | 'z'>>;
export interface ZoneIssue {
  /** Where the editor shows it: `[]` for the whole list, else `[index, field]`. */
  path: Array<string | number>;
  message: string;
}

/** Hundredths of a percent, the grid every rule counts on (no floating-point sums: 33.33 + 66.67 is 100). */
const hundredths = (value: number) => Math.round(value * 100);
const hasTwoDecimalsAtMost = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Whether two zones share some area (edges that touch do not overlap). */
export function zonesOverlap(a: ZoneDraft, b: ZoneDraft): boolean {
  const [ax, ay, aw, ah] = [a.x, a.y, a.width, a.height].map(hundredths) as [number, number, number, number];
  const [bx, by, bw, bh] = [b.x, b.y, b.width, b.height].map(hundredths) as [number, number, number, number];
  return ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
}

/**
 * Every rule of a layout's zones (docs/layouts.md#rules), in pt-BR, naming the zone: 1–8 zones, each
 * inside the screen with a width and height above zero and at most two decimals, names and keys
 * unique, and two zones overlap only on different layers (`z`; the higher one is drawn on top).
 * Empty when the zones are valid.
 */
export function validateZones(zones: readonly ZoneDraft[]): ZoneIssue[] {
  if (zones.length === 0) return [{ path: [], message: messages.layouts.zonesRequired }];
  if (zones.length > LAYOUT_MAX_ZONES) return [{ path: [], message: messages.layouts.tooManyZones }];
  const issues: ZoneIssue[] = [];
  // A zone whose rectangle is already refused is left out of the overlap check.
  const geometryOk = zones.map((zone, i) => {
    const name = zone.name.trim();
    const inexact = (['x', 'y', 'width', 'height'] as const).find((f) => !hasTwoDecimalsAtMost(zone[f]));
    const issue: ZoneIssue | null = inexact
      ? { path: [i, inexact], message: messages.layouts.zoneDecimals(name) }
      : hundredths(zone.width) <= 0 || hundredths(zone.height) <= 0
        ? { path: [i, zone.width > 0 ? 'height' : 'width'], message: messages.layouts.zoneEmpty(name) }
        : zone.x < 0 ||
            zone.y < 0 ||
            hundredths(zone.x) + hundredths(zone.width) > 10_000 ||
            hundredths(zone.y) + hundredths(zone.height) > 10_000
          ? { path: [i, 'x'], message: messages.layouts.zoneOutside(name) }
          : null;
    if (issue) issues.push(issue);
    return issue === null;
  });
  const names = new Map<string, number>();
  const keys = new Map<string, number>();
  zones.forEach((zone, i) => {
    const name = nameKey(zone.name);
    if (names.has(name))
      issues.push({ path: [i, 'name'], message: messages.layouts.zoneNameDuplicate(zone.name.trim()) });
    else names.set(name, i);
    if (zone.key === undefined) return;
    if (keys.has(zone.key)) issues.push({ path: [i, 'key'], message: messages.layouts.zoneKeyDuplicate(zone.key) });
    else keys.set(zone.key, i);
  });
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      const [a, b] = [zones[i]!, zones[j]!];
      if (geometryOk[i] && geometryOk[j] && (a.z ?? 0) === (b.z ?? 0) && zonesOverlap(a, b))
        issues.push({ path: [j, 'x'], message: messages.layouts.zonesOverlap(a.name.trim(), b.name.trim()) });
    }
  }
  return issues;
}

/** The keys missing from `zones`, given as `zona-1`, `zona-2`… (the first numbers no zone uses). */
function withKeys<T extends { key?: string | undefined }>(zones: readonly T[]): Array<T & { key: string }> {
  const taken = new Set(zones.map((z) => z.key).filter((k): k is string => k !== undefined));
  let next = 1;
  return zones.map((zone) => {
    if (zone.key !== undefined) return zone as T & { key: string };
    while (taken.has(`zona-${next}`)) next++;
    taken.add(`zona-${next}`);
    return { ...zone, key: `zona-${next}` };
  });
}

/**
 * The body of `POST /api/layouts` and `PUT /api/layouts/{id}`, and the editor's form. The zones'
 * order is their number: zone 1 first (the spec's window 1, `assignedPlaylistId1`).
 */
export const layoutInputSchema = z
  .object({
    name: z
      .string({ error: messages.layouts.nameRequired })
      .trim()
      .min(1, messages.layouts.nameRequired)
      .max(100, messages.layouts.nameTooLong),
    orientation: z.enum(ORIENTATIONS, { error: messages.layouts.orientationInvalid }),
    zones: z
      .array(zoneInputSchema, { error: messages.layouts.zonesRequired })
      .min(1, messages.layouts.zonesRequired)
      .max(LAYOUT_MAX_ZONES, messages.layouts.tooManyZones),
  })
  .superRefine((layout, ctx) => {
    // A count out of range was said by the array's own check.
    if (layout.zones.length < 1 || layout.zones.length > LAYOUT_MAX_ZONES) return;
    for (const issue of validateZones(layout.zones))
      ctx.addIssue({ code: 'custom', path: ['zones', ...issue.path], message: issue.message });
  })
  // Stored as exact hundredths: 0.1 + 0.2 sent by a script is kept as 0.3, not 0.30000000000000004.
  .transform((layout) => ({
    ...layout,
    zones: withKeys(layout.zones).map((zone) => ({
      ...zone,
      x: hundredths(zone.x) / 100,
      y: hundredths(zone.y) / 100,
      width: hundredths(zone.width) / 100,
      height: hundredths(zone.height) / 100,
    })),
  }))
  .meta({ id: 'LayoutInput' });
export type LayoutInput = z.input<typeof layoutInputSchema>;
export type LayoutData = z.output<typeof layoutInputSchema>;

export const layoutSchema = z
  .object({
    /** Positive for a workspace's own layouts (the table's id); negative for the built-ins, which never change. */
    id: z.number().int(),
    name: z.string(),
    orientation: z.enum(ORIENTATIONS),
    builtIn: z.boolean(),
    zones: z.array(zoneSchema),
  })
  .meta({ id: 'Layout' });
export type Layout = z.output<typeof layoutSchema>;
export const layoutListSchema = z.array(layoutSchema);

/**
 * `/api/layouts/{id}`: a workspace's layout (1, 2…) or a built-in (-1, -2…). Plain decimal digits,
 * an optional minus, no leading zero, within the column's range.
 */
export const layoutIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^-?[1-9]\d{0,9}$/, messages.http.invalidId)
    .transform(Number)
    .pipe(z.number().min(-MAX_DB_INT, messages.http.invalidId).max(MAX_DB_INT, messages.http.invalidId)),
});

// ---------- built-in templates (docs/layouts.md#built-in-layouts) ----------

type Rect = [x: number, y: number, width: number, height: number];
const zone = (key: string, name: string, [x, y, width, height]: Rect, z = 0): Zone => ({
  key,
  name,
  x,
  y,
  width,
  height,
  z,
  fit: DEFAULT_ZONE_FIT,
});
const builtIn = (id: number, name: string, orientation: Orientation, zones: Zone[]): Layout => ({
  id,
  name,
  orientation,
  builtIn: true,
  zones,
});

/**
 * Tela Única and Tela Dupla are the spec's `single` and `dual` (contract/devices.ts `LAYOUTS`),
 * drawn as the player draws them today: dual is two halves side by side on a horizontal screen and
 * stacked on a vertical one (src/player/player.css, `.stage`). Vertical templates keep the bottom
 * strip at the bottom; L's side panel becomes a band under the main zone, since a quarter of a
 * portrait screen's width is too narrow to read. Ids never change: devices will refer to them.
 */
export const BUILT_IN_LAYOUTS: readonly Layout[] = [
  builtIn(-1, 'Tela Única', 'horizontal', [zone('janela-1', 'Janela 1', [0, 0, 100, 100])]),
  builtIn(-2, 'Tela Dupla', 'horizontal', [
    zone('janela-1', 'Janela 1', [0, 0, 50, 100]),
    zone('janela-2', 'Janela 2', [50, 0, 50, 100]),
  ]),
  builtIn(-3, 'Principal + rodapé', 'horizontal', [
    zone('principal', 'Principal', [0, 0, 100, 85]),
    zone('rodape', 'Rodapé', [0, 85, 100, 15]),
  ]),
  builtIn(-4, 'L', 'horizontal', [
    zone('principal', 'Principal', [0, 0, 75, 85]),
    zone('lateral', 'Lateral', [75, 0, 25, 100]),
    zone('rodape', 'Rodapé', [0, 85, 75, 15]),
  ]),
  builtIn(-5, 'Imagem na imagem', 'horizontal', [
    zone('principal', 'Principal', [0, 0, 100, 100]),
    zone('destaque', 'Destaque', [65, 5, 30, 30], 1),
  ]),
  builtIn(-6, 'Três colunas', 'horizontal', [
    zone('zona-1', 'Esquerda', [0, 0, 33.33, 100]),
    zone('zona-2', 'Centro', [33.33, 0, 33.34, 100]),
    zone('zona-3', 'Direita', [66.67, 0, 33.33, 100]),
  ]),
  builtIn(-7, 'Quatro quadrantes', 'horizontal', [
    zone('zona-1', 'Superior esquerdo', [0, 0, 50, 50]),
    zone('zona-2', 'Superior direito', [50, 0, 50, 50]),
    zone('zona-3', 'Inferior esquerdo', [0, 50, 50, 50]),
    zone('zona-4', 'Inferior direito', [50, 50, 50, 50]),
  ]),
  builtIn(-8, 'Tela Única', 'vertical', [zone('janela-1', 'Janela 1', [0, 0, 100, 100])]),
  builtIn(-9, 'Tela Dupla', 'vertical', [
    zone('janela-1', 'Janela 1', [0, 0, 100, 50]),
    zone('janela-2', 'Janela 2', [0, 50, 100, 50]),
  ]),
  builtIn(-10, 'Principal + rodapé', 'vertical', [
    zone('principal', 'Principal', [0, 0, 100, 85]),
    zone('rodape', 'Rodapé', [0, 85, 100, 15]),
  ]),
  builtIn(-11, 'L', 'vertical', [
    zone('principal', 'Principal', [0, 0, 100, 60]),
    zone('lateral', 'Lateral', [0, 60, 100, 25]),
    zone('rodape', 'Rodapé', [0, 85, 100, 15]),
  ]),
  // The inset keeps the horizontal one's 16:9 shape on a 9:16 screen (50 % wide, 15.82 % high).
  builtIn(-12, 'Imagem na imagem', 'vertical', [
    zone('principal', 'Principal', [0, 0, 100, 100]),
    zone('destaque', 'Destaque', [45, 3, 50, 15.82], 1),
  ]),
  builtIn(-13, 'Três faixas', 'vertical', [
    zone('zona-1', 'Superior', [0, 0, 100, 33.33]),
    zone('zona-2', 'Centro', [0, 33.33, 100, 33.34]),
    zone('zona-3', 'Inferior', [0, 66.67, 100, 33.33]),
  ]),
  builtIn(-14, 'Quatro quadrantes', 'vertical', [
    zone('zona-1', 'Superior esquerdo', [0, 0, 50, 50]),
    zone('zona-2', 'Superior direito', [50, 0, 50, 50]),
    zone('zona-3', 'Inferior esquerdo', [0, 50, 50, 50]),
    zone('zona-4', 'Inferior direito', [50, 50, 50, 50]),
  ]),
];

export const builtInLayout = (id: number): Layout | undefined => BUILT_IN_LAYOUTS.find((l) => l.id === id);

// ---------- screens (docs/layouts.md#devices) ----------

/** The built-ins that are the spec's Tela Única / Tela Dupla: a device names them by `layout`, not `layoutId`. */
export const SPEC_LAYOUT_IDS: Record<SpecLayout, Record<Orientation, number>> = {
  single: { horizontal: -1, vertical: -8 },
  dual: { horizontal: -2, vertical: -9 },
};

/** `'single'`/`'dual'` for the ids of Tela Única / Tela Dupla, null for any other layout. */
export function specLayoutOf(id: number): SpecLayout | null {
  for (const layout of ['single', 'dual'] as const)
    if (Object.values(SPEC_LAYOUT_IDS[layout]).includes(id)) return layout;
  return null;
}

/**
 * What a screen with this layout stores in `layout` (the spec's field, which old clients read):
 * one zone is `single`, more is `dual` (more than one playlist shown).
 */
export const specLayoutFor = (zoneCount: number): SpecLayout => (zoneCount > 1 ? 'dual' : 'single');

/** The id of the layout a screen shows: its `layoutId`, or the spec's Tela Única / Tela Dupla of its orientation. */
export const screenLayoutId = (device: { layout: SpecLayout; orientation: Orientation; layoutId: number | null }) =>
  device.layoutId ?? SPEC_LAYOUT_IDS[device.layout][device.orientation];

/** The keys a player gives windows 1 and 2 of a manifest without zones (an older server's, or Tela Única / Dupla's). */
export const windowZoneKey = (window: number) => `janela-${window + 1}`;

/** A zone key as a campaign or a play names it. */
export const zoneKeySchema = z
  .string({ error: messages.layouts.zoneKeyInvalid })
  .regex(ZONE_KEY, messages.layouts.zoneKeyInvalid);
