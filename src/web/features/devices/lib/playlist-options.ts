/** A playlist as the assignment pickers list it. */
export type PlaylistOption = { id: number; name: string };

/** The picker's search: a case-insensitive substring of the name (accents kept as typed). */
export function filterPlaylistOptions<T extends PlaylistOption>(options: readonly T[], search: string): T[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return [...options];
  return options.filter((o) => o.name.toLocaleLowerCase('pt-BR').includes(needle));
}
