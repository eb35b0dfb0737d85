import { z } from 'zod';
import {
  audienceSchema,
  basisPointsOf,
  centsSchema,
  commissionPercentSchema,
  partnerInputSchema,
  percentOf,
} from './ads';
import { adsMessages } from './ads-messages';
import { idSchema } from './common';
import { deviceInputSchema, type DeviceData } from './devices';
import { formatBasisPointsInput, formatCentsInput, parseBasisPoints, parseCents } from './money';

/**
 * The panel's forms of docs/ads.md: the API's schemas with the text fields a person types (`12,5`
 * for a commission, `1,50` for a price), read into the numbers the API takes. Their output is the
 * API's input, which the server checks again with the schemas of `ads.ts`.
 */

export const adsFormMessages = {
  priceFormat: 'Preço por exibição inválido: informe em reais, como 1,50',
} as const;

/** A CPF or CNPJ's digits punctuated for reading: `529.982.247-25`, `11.222.333/0001-81`. */
export function formatDocument(digits: string): string {
  if (/^\d{11}$/.test(digits)) return digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
  if (/^\d{14}$/.test(digits)) return digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
  return digits;
}

/** `"12,5"` → 12.5 through integer basis points; blank is 0, the API's default. */
const commissionText = z
  .string({ error: adsMessages.commissionInvalid })
  .transform((text, ctx) => {
    if (!text.trim()) return 0;
    const basisPoints = parseBasisPoints(text);
    if (basisPoints !== null) return percentOf(basisPoints);
    ctx.addIssue({ code: 'custom', message: adsMessages.commissionInvalid });
    return z.NEVER;
  })
  .pipe(commissionPercentSchema);

/** The partner form: `partnerInputSchema` with the commission typed as text and a blank CPF/CNPJ said so. */
export const partnerFormSchema = partnerInputSchema.extend({
  document: z
    .string({ error: adsMessages.partners.documentRequired })
    .trim()
    .min(1, adsMessages.partners.documentRequired)
    .pipe(partnerInputSchema.shape.document),
  commissionPercent: commissionText,
});
export type PartnerFormValues = z.input<typeof partnerFormSchema>;

/** A commission (percent) as the form's text: 12.5 → `12,5`. */
export const commissionInputText = (percent: number) => formatBasisPointsInput(basisPointsOf(percent));

/** `"1,50"` → 150 cents; blank is null (not priced). */
const priceText = z
  .string({ error: adsFormMessages.priceFormat })
  .transform((text, ctx) => {
    if (!text.trim()) return null;
    const cents = parseCents(text);
    if (cents !== null) return cents;
    ctx.addIssue({ code: 'custom', message: adsFormMessages.priceFormat });
    return z.NEVER;
  })
  .pipe(centsSchema.nullable());

/** `"1.200"` or `"1200"` → 1200 viewers; blank is null (unknown). */
const audienceText = z
  .string({ error: adsMessages.audienceInvalid })
  .transform((text, ctx) => {
    const trimmed = text.trim();
    if (!trimmed) return null;
    if (/^(\d{1,3}(\.\d{3})+|\d{1,15})$/.test(trimmed)) return Number(trimmed.replace(/\./g, ''));
    ctx.addIssue({ code: 'custom', message: adsMessages.audienceInvalid });
    return z.NEVER;
  })
  .pipe(audienceSchema.nullable());

/** The device form's "Anúncios" fields (admins only): partner, price per play and audience per play. */
export const deviceAdsFormSchema = z.object({
  partnerId: idSchema.nullable(),
  pricePerPlay: priceText,
  audiencePerPlay: audienceText,
});
export type DeviceAdsFormValues = z.input<typeof deviceAdsFormSchema>;

/** A screen's selling figures as the form's texts. */
export const deviceAdsValues = (device: {
  partnerId: number | null;
  pricePerPlayCents: number | null;
  audiencePerPlay: number | null;
}): DeviceAdsFormValues => ({
  partnerId: device.partnerId,
  pricePerPlay: device.pricePerPlayCents === null ? '' : formatCentsInput(device.pricePerPlayCents),
  audiencePerPlay: device.audiencePerPlay === null ? '' : String(device.audiencePerPlay),
});

/**
 * The device form: `deviceInputSchema` and, for an admin, `ads`. Without `ads` the three fields are
 * left out of the request, and the server keeps them (docs/ads.md#api): a user's save clears nothing.
 */
export const deviceFormSchema = deviceInputSchema
  .extend({ ads: deviceAdsFormSchema.optional() })
  .transform(({ ads, ...device }): DeviceData =>
    ads
      ? {
          ...device,
          partnerId: ads.partnerId,
          pricePerPlayCents: ads.pricePerPlay,
          audiencePerPlay: ads.audiencePerPlay,
        }
      : device,
  );
export type DeviceFormInput = z.input<typeof deviceFormSchema>;
