import { describe, expect, it } from 'vitest';
import { adsMessages } from './ads-messages';
import { basisPointsOf, documentSchema, isValidDocument, partnerInputSchema } from './ads';

describe('CPF/CNPJ check (docs/ads.md#documents)', () => {
  it('accepts known valid numbers, punctuated or not, and keeps the digits only', () => {
    expect(documentSchema.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(documentSchema.parse('11222333000181')).toBe('11222333000181');
    expect(documentSchema.parse('529.982.247-25')).toBe('52998224725');
    expect(documentSchema.parse(' 529 982 247 25 ')).toBe('52998224725');
    // Check digits of 0 (a remainder under 2) and of the CNPJ's second weight cycle.
    expect(isValidDocument('11144477735')).toBe(true);
    expect(isValidDocument('04252011000110')).toBe(true);
  });

  it('refuses wrong check digits, repeated digits, other lengths and letters', () => {
    for (const bad of [
      '11.222.333/0001-82',
      '11.222.333/0001-91',
      '529.982.247-24',
      '529.982.247-35',
      '111.111.111-11',
      '00000000000',
      '00.000.000/0000-00',
      '99999999999999',
      '5299822472',
      '112223330001812',
      '529.982.247-2X',
      '',
    ]) {
      const result = documentSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(adsMessages.documentInvalid);
    }
  });
});

describe('partner input', () => {
  const base = { name: 'Shopping Centro', document: '11.222.333/0001-81' };

  it('keeps a commission of up to 2 decimals as basis points', () => {
    const data = partnerInputSchema.parse({ ...base, commissionPercent: 12.35 });
    expect(data.commissionPercent).toBe(12.35);
    expect(basisPointsOf(data.commissionPercent)).toBe(1235);
    expect(basisPointsOf(partnerInputSchema.parse({ ...base, commissionPercent: 100 }).commissionPercent)).toBe(10000);
    expect(partnerInputSchema.parse(base).commissionPercent).toBe(0);
  });

  it('refuses a commission over 100 %, below 0 or with 3 decimals (pt-BR)', () => {
    for (const commissionPercent of [100.01, 150, -1, 12.345]) {
      const result = partnerInputSchema.safeParse({ ...base, commissionPercent });
      expect(result.error?.issues[0]?.message, String(commissionPercent)).toBe(adsMessages.commissionInvalid);
    }
  });

  it('requires the document; blank contacts are null', () => {
    expect(partnerInputSchema.safeParse({ name: 'P' }).error?.issues[0]?.message).toBe(
      adsMessages.partners.documentRequired,
    );
    expect(partnerInputSchema.parse({ ...base, contactName: ' ', contactEmail: '' })).toMatchObject({
      contactName: null,
      contactEmail: null,
      document: '11222333000181',
    });
    expect(partnerInputSchema.safeParse({ ...base, contactEmail: 'x' }).error?.issues[0]?.message).toBe(
      adsMessages.emailInvalid,
    );
  });
});
