import { BUILT_IN_LAYOUTS, type Layout } from '../../../contract/layouts';
import { REPORT_NONE_LABELS } from '../../../contract/report-format';
import type { SessionUser } from '../../auth/session-user';
import type { Db } from '../../db/client';
import { listLayouts } from '../layouts/layout-service';

/**
 * The names of the zone table's rows (docs/proof-of-play.md#reports). A play keeps its zone's key,
 * not its layout, so a key is named from the layouts as they are now: the built-ins' name when they
 * agree on it (`principal` is "Principal" in every template), else the first of the workspace's
 * layouts by name that has the key, else the key itself. The built-ins' generic `zona-1`… are
 * "Esquerda" in one template and "Superior esquerdo" in another (and the keys a drawn layout's
 * zones get by default), so no built-in names them. Key '' is the roll-ups from before zones.
 */
const NO_ZONE = REPORT_NONE_LABELS.zone ?? '';

/** key → name for the keys every built-in that has them names alike. */
const BUILT_IN_ZONE_NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, Set<string>>();
  for (const zone of BUILT_IN_LAYOUTS.flatMap((l) => l.zones))
    names.set(zone.key, (names.get(zone.key) ?? new Set()).add(zone.name));
  return new Map([...names].filter(([, set]) => set.size === 1).map(([key, set]) => [key, [...set][0]!]));
})();

/** The name of each key, given the workspace's own layouts in name order. */
export function zoneNamesFrom(keys: readonly string[], ownLayouts: readonly Layout[]): Map<string, string> {
  const own = new Map<string, string>();
  for (const zone of ownLayouts.flatMap((l) => l.zones)) if (!own.has(zone.key)) own.set(zone.key, zone.name);
  return new Map(
    keys.map((key) => [key, key === '' ? NO_ZONE : (BUILT_IN_ZONE_NAMES.get(key) ?? own.get(key) ?? key)]),
  );
}

/** `zoneNamesFrom` with the workspace's layouts, read only when a key is not a built-in's. */
export async function zoneNames(db: Db, actor: SessionUser, keys: readonly string[]): Promise<Map<string, string>> {
  const needOwn = keys.some((key) => key !== '' && !BUILT_IN_ZONE_NAMES.has(key));
  const own = needOwn ? (await listLayouts(db, actor)).filter((l) => !l.builtIn) : [];
  return zoneNamesFrom(keys, own);
}
