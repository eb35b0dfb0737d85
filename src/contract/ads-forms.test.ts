import { describe, expect, it } from 'vitest';
import { adsMessages } from './ads-messages';
import {
  adsFormMessages,
  commissionInputText,
  deviceAdsValues,
  deviceFormSchema,
  formatDocument,
  partnerFormSchema,
} from './ads-forms';

const device = { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '123456' };
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('the ads forms (docs/ads.md)', () => {
  it('punctuates a CPF and a CNPJ', () => {
    expect(formatDocument('52998224725')).toBe('529.982.247-25');
    expect(formatDocument('11222333000181')).toBe('11.222.333/0001-81');
    expect(formatDocument('123')).toBe('123');
  });

  it('the partner form reads the commission text; over 100 % or a third decimal is refused', () => {
    const partner = { name: 'Shopping', document: '11.222.333/0001-81', contactName: '', contactEmail: '' };
    expect(partnerFormSchema.parse({ ...partner, commissionPercent: '12,5' })).toEqual({
      name: 'Shopping',
      document: '11222333000181',
      contactName: null,
      contactEmail: null,
      commissionPercent: 12.5,
    });
    expect(partnerFormSchema.parse({ ...partner, commissionPercent: '' }).commissionPercent).toBe(0);
    for (const bad of ['100,01', '150', '12,345', 'doze'])
      expect(issues(partnerFormSchema.safeParse({ ...partner, commissionPercent: bad })), bad).toEqual([
        ['commissionPercent', adsMessages.commissionInvalid],
      ]);
    expect(issues(partnerFormSchema.safeParse({ ...partner, document: ' ', commissionPercent: '1' }))).toEqual([
      ['document', adsMessages.partners.documentRequired],
    ]);
    expect(commissionInputText(12.5)).toBe('12,5');
    expect(commissionInputText(7.25)).toBe('7,25');
  });

  it('the device form sends the ad fields only when it has them', () => {
    expect(deviceFormSchema.parse(device)).not.toHaveProperty('pricePerPlayCents');
    expect(
      deviceFormSchema.parse({ ...device, ads: { partnerId: 3, pricePerPlay: '1,50', audiencePerPlay: '1.200' } }),
    ).toMatchObject({ partnerId: 3, pricePerPlayCents: 150, audiencePerPlay: 1200 });
    expect(
      deviceFormSchema.parse({ ...device, ads: { partnerId: null, pricePerPlay: ' ', audiencePerPlay: '' } }),
    ).toMatchObject({ partnerId: null, pricePerPlayCents: null, audiencePerPlay: null });
    expect(
      issues(
        deviceFormSchema.safeParse({
          ...device,
          ads: { partnerId: null, pricePerPlay: '1.50', audiencePerPlay: '-2' },
        }),
      ),
    ).toEqual([
      ['ads.pricePerPlay', adsFormMessages.priceFormat],
      ['ads.audiencePerPlay', adsMessages.audienceInvalid],
    ]);
    expect(deviceAdsValues({ partnerId: 3, pricePerPlayCents: 150, audiencePerPlay: 40 })).toEqual({
      partnerId: 3,
      pricePerPlay: '1,50',
      audiencePerPlay: '40',
    });
  });
});
