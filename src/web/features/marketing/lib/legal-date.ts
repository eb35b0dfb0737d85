const longDate = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "2025-05-07" → "07 de maio de 2025" (a calendar date: no time zone may move it). */
export function formatLegalDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** 500 → "R$ 500,00", with an ordinary space so the text reads (and searches) as written. */
export function formatBrl(value: number): string {
  return brl.format(value).replace(/\s/g, ' ');
}
