import { z } from 'zod';
import { campaignInputSchema, type CampaignInput } from './campaigns';

/**
 * The panel's campaign form (docs/ads.md#ad-campaigns): `campaignInputSchema` itself, with an ad's
 * goal and cap typed as text (`1.200` or `1200`). The texts are read into the numbers the API takes
 * and the rest is the API's own schema, so the form and the server say the same pt-BR message on
 * the same field; the server checks the request again.
 */
export type CampaignFormValues = Omit<CampaignInput, 'goalPlays' | 'capPerHour'> & {
  goalPlays: string;
  capPerHour: string;
};

/**
 * A count of plays as typed: blank is null (the schema then says it is missing), digits with or
 * without thousands dots are the number. Anything else reads as 0, which the schema refuses with
 * the field's own message (`Meta inválida: …`) as it refuses a 0 typed: a wrong type would stop
 * zod before the campaign's other checks, and the form would show its issues one round at a time.
 */
export function playsOfText(text: string | null | undefined): number | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return null;
  return /^(\d{1,3}(\.\d{3})+|\d{1,15})$/.test(trimmed) ? Number(trimmed.replace(/\./g, '')) : 0;
}

/** A count as the form's text: null is blank. */
export const playsText = (plays: number | null | undefined): string => (plays == null ? '' : String(plays));

/**
 * The campaign form's schema: a regular campaign's hidden ad fields are not read (switching the
 * type back to "Campanha" leaves what was typed in them out of the request).
 */
export const campaignFormSchema = z.preprocess(
  (values: CampaignFormValues) =>
    values.type === 'ad'
      ? { ...values, goalPlays: playsOfText(values.goalPlays), capPerHour: playsOfText(values.capPerHour) }
      : {
          ...values,
          type: values.type ?? 'regular',
          advertiserId: null,
          goalKind: null,
          goalPlays: null,
          capPerHour: null,
        },
  campaignInputSchema,
);
