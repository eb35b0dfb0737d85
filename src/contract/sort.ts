/**
 * The one order of names (devices, groups, playlists in pickers), shared by the server's lists and
 * the admin UI's live updates, so a device placed by a realtime message sits where the next refetch
 * puts it (docs/ordering.md). What a Brazilian reader expects: accents next to their base letter
 * ("Área" with "Area", before "Avenida"), upper and lower case together, numbers by value ("TV 2"
 * before "TV 10"). Intl's collator with pt-BR rules does that in Node (full ICU) and in browsers.
 */
const collator = new Intl.Collator('pt-BR', { numeric: true });

/**
 * Total and deterministic: names the collator finds equal ("TV 02" and "TV 2", an accent written
 * as one character or as two) are ordered by their UTF-16 code units, so sorting, a binary search
 * and a refetch always agree. 0 only for identical strings.
 */
export function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** `compareNames`, then the id: the order of every list sorted by name. */
export const byNameThenId = (a: { name: string; id: number }, b: { name: string; id: number }): number =>
  compareNames(a.name, b.name) || a.id - b.id;
