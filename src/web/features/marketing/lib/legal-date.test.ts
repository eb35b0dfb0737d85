import { LEGAL_LAST_UPDATED, LIABILITY_CAP_NON_PAYING_BRL } from '@contract/constants';
import { describe, expect, it } from 'vitest';
import { formatBrl, formatLegalDate } from './legal-date';

describe('legal texts formatting', () => {
  it('shows the last update as the spec writes it', () => {
    expect(formatLegalDate(LEGAL_LAST_UPDATED)).toBe('07 de maio de 2025');
  });

  it('writes the liability cap in Reais', () => {
    expect(formatBrl(LIABILITY_CAP_NON_PAYING_BRL)).toBe('R$ 500,00');
    expect(formatBrl(1234.5)).toBe('R$ 1.234,50');
  });
});
