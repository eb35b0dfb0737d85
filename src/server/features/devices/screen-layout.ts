import { and, eq } from 'drizzle-orm';
import type { Layout as SpecLayout, Orientation } from '../../../contract/devices';
import { ERROR_CODES, type ErrorCode } from '../../../contract/errors';
import {
  SPEC_LAYOUT_IDS,
  builtInLayout,
  specLayoutFor,
  specLayoutOf,
  type Layout,
  type Zone,
} from '../../../contract/layouts';
import { messages } from '../../../contract/messages';
import type { Tx } from '../../db/client';
import { layouts } from '../../db/schema';
import { HttpError } from '../../http/errors';

/**
 * A screen's layout as the device services judge it (docs/layouts.md#devices): what goes in the
 * device's `layout` and `layout_id` columns, and the zones its playlists fill.
 */
export interface ScreenLayout {
  layout: SpecLayout;
  /** Null: the spec's Tela Única / Tela Dupla, by `layout`. */
  layoutId: number | null;
  name: string;
  zones: Zone[];
}

const bad = (message: string, code: ErrorCode, path: Array<string | number>) =>
  new HttpError(400, message, code, [{ path, message }]);

/**
 * A built-in, or the workspace's layout locked `FOR SHARE` until the transaction ends: its removal
 * (or a change of its zones) waits for the assignment, then finds the device using it
 * (features/layouts/layout-service.ts). Another workspace's id is "not found" alike.
 */
async function lockedLayout(tx: Tx, workspaceId: number, id: number): Promise<Layout> {
  const builtIn = builtInLayout(id);
  if (builtIn) return builtIn;
  const [row] =
    id > 0
      ? await tx
          .select({ id: layouts.id, name: layouts.name, orientation: layouts.orientation, zones: layouts.zones })
          .from(layouts)
          .where(and(eq(layouts.id, id), eq(layouts.workspaceId, workspaceId)))
          .for('share')
      : [];
  if (!row) throw bad(messages.layouts.notFound, ERROR_CODES.layoutNotFound, ['layoutId']);
  return { ...row, builtIn: false };
}

const specScreen = (layout: SpecLayout, orientation: Orientation): ScreenLayout => {
  const builtIn = builtInLayout(SPEC_LAYOUT_IDS[layout][orientation])!;
  return { layout, layoutId: null, name: builtIn.name, zones: builtIn.zones };
};

/**
 * The layout a screen named `screen` takes when `requested` is asked (null: the spec's `layout`).
 * Tela Única / Tela Dupla asked by id are the spec's choice; any other layout must have the
 * screen's orientation, and gives `layout` its meaning for older clients (one zone or more).
 */
export async function chooseScreenLayout(
  tx: Tx,
  workspaceId: number,
  screen: { name: string; orientation: Orientation; layout: SpecLayout },
  requested: number | null,
): Promise<ScreenLayout> {
  if (requested === null) return specScreen(screen.layout, screen.orientation);
  const spec = specLayoutOf(requested);
  if (spec) return specScreen(spec, screen.orientation);
  const chosen = await lockedLayout(tx, workspaceId, requested);
  if (chosen.orientation !== screen.orientation)
    throw bad(
      messages.layouts.orientationMismatch(chosen.name, chosen.orientation, screen.name),
      ERROR_CODES.validation,
      ['layoutId'],
    );
  return { layout: specLayoutFor(chosen.zones.length), layoutId: chosen.id, name: chosen.name, zones: chosen.zones };
}

/** The layout a stored device shows (its own `layoutId`, locked as above, or its spec layout). */
export const currentScreenLayout = (
  tx: Tx,
  workspaceId: number,
  device: { name: string; orientation: Orientation; layout: SpecLayout; layoutId: number | null },
) => chooseScreenLayout(tx, workspaceId, device, device.layoutId);

/** The device columns holding one playlist per zone, for `count` zones (zones past the list are empty). */
export function zonePlaylistColumns(list: ReadonlyArray<number | null>, count: number) {
  const at = (i: number) => list[i] ?? null;
  return {
    assignedPlaylistId1: at(0),
    assignedPlaylistId2: count > 1 ? at(1) : null,
    extraZonePlaylistIds: Array.from({ length: Math.max(0, count - 2) }, (_, i) => at(i + 2)),
  };
}

export interface AssignmentAsk {
  assignedPlaylistId1?: number | null;
  assignedPlaylistId2?: number | null;
  zonePlaylistIds?: Array<number | null>;
}

/**
 * The playlists a screen shows after an assignment (docs/product.md#validation, docs/layouts.md#devices):
 * `zonePlaylistIds` names every zone; the spec's form names windows 1 and 2 and keeps the zones
 * past them. Tela Única takes one or none (its second window is dropped); a screen of two or more
 * zones needs one in each, Tela Dupla with the spec's message.
 */
export function assignedZones(
  screen: ScreenLayout & { screenName: string },
  current: ReadonlyArray<number | null>,
  ask: AssignmentAsk,
): Array<number | null> {
  const count = screen.zones.length;
  if (ask.zonePlaylistIds && ask.zonePlaylistIds.length !== count)
    throw bad(messages.layouts.fewerZones(screen.name, count), ERROR_CODES.validation, ['zonePlaylistIds']);
  const list =
    ask.zonePlaylistIds ??
    Array.from({ length: count }, (_, i) =>
      i === 0 ? (ask.assignedPlaylistId1 ?? null) : i === 1 ? (ask.assignedPlaylistId2 ?? null) : (current[i] ?? null),
    );
  const empty = count > 1 ? list.indexOf(null) : -1;
  if (empty >= 0) {
    if (screen.layoutId === null)
      throw new HttpError(400, messages.devices.dualNeedsTwo.description, ERROR_CODES.dualNeedsTwoPlaylists);
    const message = messages.layouts.zoneNeedsPlaylist(screen.zones[empty]!.name, screen.screenName);
    throw bad(message, ERROR_CODES.zoneNeedsPlaylist, ['zonePlaylistIds', empty]);
  }
  return list;
}
