import type { Device } from '@contract/devices';

/** The search term as matched: trimmed and lower-cased; empty means "no search". */
export const normalizeSearch = (term: string) => term.trim().toLocaleLowerCase('pt-BR');

type Searchable = Pick<Device, 'name' | 'location'>;

/**
 * the device list of docs/product.md#device-list: a case-insensitive substring match on the name or the location. The
 * lower-cased keys are built once per list, so each keystroke only runs `includes` (5,000 devices
 * stay instant). With no search the same array comes back, so memoized consumers see no change.
 */
export function createDeviceSearch<T extends Searchable>(devices: readonly T[]): (term: string) => readonly T[] {
  // A separator nobody types keeps a term from matching across the name and the location.
  const keys = devices.map((d) => `${d.name}\u0000${d.location}`.toLocaleLowerCase('pt-BR'));
  return (term) => {
    const needle = normalizeSearch(term);
    if (!needle) return devices;
    return devices.filter((_, i) => keys[i]!.includes(needle));
  };
}
