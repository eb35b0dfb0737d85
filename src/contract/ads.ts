import { z } from 'zod';
import { adsMessages } from './ads-messages';
import { MAX_DB_INT, isoDateTime, optionalText } from './common';

/**
 * Advertisers and partners (issue 27, docs/ads.md): workspace rows. Money is integer cents and a
 * commission integer basis points, never floating point: sums of plays must add up to the cent.
 */

/** Check digit of CPF/CNPJ: weighted sum mod 11, where a remainder under 2 gives 0. */
function checkDigit(digits: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * Whether `digits` (digits only) is a CPF (11) or CNPJ (14) whose two check digits match. Numbers
 * of one repeated digit pass the arithmetic but are no one's: refused.
 */
export function isValidDocument(digits: string): boolean {
  if (!/^(\d{11}|\d{14})$/.test(digits) || /^(\d)\1+$/.test(digits)) return false;
  const weights = digits.length === 11 ? CPF_WEIGHTS : CNPJ_WEIGHTS;
  const body = digits.length - 2;
  const first = checkDigit(digits, weights.slice(weights.length - body));
  const second = checkDigit(digits, weights.slice(weights.length - body - 1));
  return first === Number(digits[body]) && second === Number(digits[body + 1]);
}

/** A CPF or CNPJ, punctuated or not (`11.222.333/0001-81`); the output is its digits only. */
export const documentSchema = z
  .string({ error: adsMessages.documentInvalid })
  .max(30, adsMessages.documentInvalid)
  .transform((v) => v.replace(/[\s./-]/g, ''))
  .refine(isValidDocument, adsMessages.documentInvalid);

/** An optional CPF/CNPJ: blank or absent is null. */
const optionalDocument = z
  .string({ error: adsMessages.documentInvalid })
  .max(30, adsMessages.documentInvalid)
  .nullish()
  .transform((v) => (v?.trim() ? v : null))
  .pipe(documentSchema.nullable());

const contactEmail = z
  .string({ error: adsMessages.emailInvalid })
  .trim()
  .max(254, adsMessages.emailInvalid)
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.email({ error: adsMessages.emailInvalid }).nullable());

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(120, message);

/**
 * A percentage of 0 to 100 with up to 2 decimals (12.5, 7.25), kept as integer basis points
 * (1250, 725) so that commissions are computed in integers (docs/ads.md#money).
 */
export const commissionPercentSchema = z
  .number({ error: adsMessages.commissionInvalid })
  .min(0, adsMessages.commissionInvalid)
  .max(100, adsMessages.commissionInvalid)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, adsMessages.commissionInvalid);

/** Basis points (1/100 of a percent) from a checked percentage, and back. */
export const basisPointsOf = (percent: number) => Math.round(percent * 100);
export const percentOf = (basisPoints: number) => basisPoints / 100;

/** R$ in integer cents: 150 is R$ 1,50. */
export const centsSchema = z
  .number({ error: adsMessages.priceInvalid })
  .int(adsMessages.priceInvalid)
  .min(0, adsMessages.priceInvalid)
  .max(MAX_DB_INT, adsMessages.priceInvalid);

/** Estimated viewers of one play. */
export const audienceSchema = z
  .number({ error: adsMessages.audienceInvalid })
  .int(adsMessages.audienceInvalid)
  .min(0, adsMessages.audienceInvalid)
  .max(MAX_DB_INT, adsMessages.audienceInvalid);

/** `POST`/`PUT /api/advertisers`: the whole advertiser (a `PUT` replaces it). */
export const advertiserInputSchema = z
  .object({
    name: requiredName(adsMessages.advertisers.nameRequired),
    document: optionalDocument,
    contactEmail,
  })
  .meta({ id: 'AdvertiserInput' });
export type AdvertiserInput = z.input<typeof advertiserInputSchema>;
export type AdvertiserData = z.output<typeof advertiserInputSchema>;

export const advertiserSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    /** Digits only; null when not given. */
    document: z.string().nullable(),
    contactEmail: z.string().nullable(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Advertiser' });
export type Advertiser = z.infer<typeof advertiserSchema>;
export const advertiserListSchema = z.array(advertiserSchema);

/** `POST`/`PUT /api/partners`: the whole partner (a `PUT` replaces it). */
export const partnerInputSchema = z
  .object({
    name: requiredName(adsMessages.partners.nameRequired),
    document: z.string({ error: adsMessages.partners.documentRequired }).pipe(documentSchema),
    contactName: optionalText(120),
    contactEmail,
    /** The partner's default share of what its screens earn, in percent (docs/ads.md#money). */
    commissionPercent: commissionPercentSchema.default(0),
  })
  .meta({ id: 'PartnerInput' });
export type PartnerInput = z.input<typeof partnerInputSchema>;
export type PartnerData = z.output<typeof partnerInputSchema>;

export const partnerSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    document: z.string(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    /** Stored as integer basis points; 0 to 100 with at most 2 decimals. */
    commissionPercent: z.number(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Partner' });
export type Partner = z.infer<typeof partnerSchema>;
export const partnerListSchema = z.array(partnerSchema);
