/** Time on screen for the totals card: `26 h 02 min`, `3 min 05 s`, `45 s` (tables use h:mm:ss). */
export function formatDurationShort(ms: number): string {
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (h > 0) return `${h.toLocaleString('pt-BR')} h ${two(m)} min`;
  if (m > 0) return `${m} min ${two(s)} s`;
  return `${s} s`;
}
