/**
 * Amounts typed and shown the pt-BR way (docs/ads.md#money): reais as integer cents and percentages
 * as integer basis points. The text is read digit by digit and the digits joined, never through a
 * floating point number: `"1,10"` is the digits `1` and `10`, so 110 cents, exactly.
 */

/** Reais with optional thousands dots (`1.234`) and up to 2 decimals after a comma; `R$` allowed. */
const REAIS = /^(?:R\$\s*)?(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
/** Up to 13 digits of reais: with the 2 of cents, still a safe integer. */
const MAX_REAIS_DIGITS = 13;

/**
 * `"1,50"` → 150, `"R$ 1.234,5"` → 123450, `"3"` → 300; null for anything else (`"1.50"` is
 * ambiguous in pt-BR, where the dot groups thousands: refused rather than guessed).
 */
export function parseCents(text: string): number | null {
  const match = REAIS.exec(text.trim());
  if (!match) return null;
  const reais = (match[1] ?? '').replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (reais.length > MAX_REAIS_DIGITS) return null;
  return Number(`${reais}${(match[2] ?? '').padEnd(2, '0')}`);
}

/** Groups an integer's digits by thousands with dots: `1234567` → `1.234.567`. */
const withThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, '.');

/** Integer cents as pt-BR reais, without the symbol (what the form's field shows): 150 → `1,50`. */
export function formatCentsInput(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(cents))).padStart(3, '0');
  return `${sign}${withThousands(digits.slice(0, -2))},${digits.slice(-2)}`;
}

/** Integer cents with the symbol: 150 → `R$ 1,50`, 123456 → `R$ 1.234,56`. */
export const formatCents = (cents: number) => `R$ ${formatCentsInput(cents)}`;

/** A percentage from 0 to 999 with up to 2 decimals, after a comma (or a dot: no thousands here). */
const PERCENT = /^(\d{1,3})(?:[,.](\d{1,2}))?\s*%?$/;

/** `"12,5"` → 1250, `"7,25 %"` → 725, `"100"` → 10000; null for anything else (a third decimal too). */
export function parseBasisPoints(text: string): number | null {
  const match = PERCENT.exec(text.trim());
  if (!match) return null;
  return Number(`${match[1] ?? ''}${(match[2] ?? '').padEnd(2, '0')}`);
}

/** Basis points as the form's text, trailing zeros dropped: 1250 → `12,5`, 1200 → `12`, 725 → `7,25`. */
export function formatBasisPointsInput(basisPoints: number): string {
  const digits = String(Math.abs(Math.trunc(basisPoints))).padStart(3, '0');
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return `${digits.slice(0, -2)}${fraction ? `,${fraction}` : ''}`;
}

/** Basis points as shown in a list: 1250 → `12,5 %`. */
export const formatBasisPoints = (basisPoints: number) => `${formatBasisPointsInput(basisPoints)} %`;
