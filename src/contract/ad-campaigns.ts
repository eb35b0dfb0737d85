import { z } from 'zod';
import { adsMessages } from './ads-messages';
import { MAX_DB_INT, idSchema } from './common';

/**
 * Ad campaigns (issue 27, docs/ads.md#ad-campaigns): a campaign of type `ad` has an advertiser, a
 * flight (both dates), a goal (plays in the flight, or plays per hour) and a frequency cap (plays per
 * screen per hour). Its creatives are its playlist, as for any campaign. Regular campaigns carry
 * none of it (null in the answers).
 */
export const CAMPAIGN_TYPES = ['regular', 'ad'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
export const CAMPAIGN_TYPE_LABELS: Record<CampaignType, string> = { regular: 'Campanha', ad: 'Anúncio' };

/** A play counts for an ad when its length is the creative's within this (docs/ads.md#counted-plays). */
export const AD_PLAY_TOLERANCE_MS = 500;

/** `flight`: `goalPlays` over the whole flight; `per_hour`: `goalPlays` every hour it plays. */
export const AD_GOAL_KINDS = ['flight', 'per_hour'] as const;
export type AdGoalKind = (typeof AD_GOAL_KINDS)[number];
export const AD_GOAL_KIND_LABELS: Record<AdGoalKind, string> = {
  flight: 'Exibições no período',
  per_hour: 'Exibições por hora',
};

export const adCampaignMessages = {
  typeInvalid: 'Tipo de campanha inválido',
  advertiserRequired: 'Selecione o anunciante',
  advertiserNotFound: adsMessages.advertisers.notFound,
  flightRequired: 'Um anúncio precisa das datas de início e de término da veiculação',
  noEmergency: 'Um anúncio não pode ser uma campanha de emergência',
  goalKindRequired: 'Escolha o tipo de meta: exibições no período ou por hora',
  goalInvalid: 'Meta inválida: informe um número de exibições maior que zero',
  capInvalid: 'Limite por hora inválido: ao menos 1 exibição por tela por hora',
  /** `names`: the first campaigns' names (at most 3 are shown); `total`: how many it has. */
  advertiserHasCampaigns: (names: string[], total = names.length) => {
    const shown = names.slice(0, 3).join(', ') + (total > 3 ? ` e mais ${total - 3}` : '');
    return `Este anunciante tem campanhas de anúncio (${shown}): remova-as antes de remover o anunciante`;
  },
} as const;

/** Absent or null: none (a regular campaign sends none of them). */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** The ad fields of the campaign input (flat, next to the campaign's own): null unless `type` is `ad`. */
export const adCampaignInputFields = {
  type: z.enum(CAMPAIGN_TYPES, { error: adCampaignMessages.typeInvalid }).default('regular'),
  advertiserId: orNull(z.number({ error: adCampaignMessages.advertiserRequired }).pipe(idSchema)),
  goalKind: orNull(z.enum(AD_GOAL_KINDS, { error: adCampaignMessages.goalKindRequired })),
  goalPlays: orNull(
    z
      .number({ error: adCampaignMessages.goalInvalid })
      .int(adCampaignMessages.goalInvalid)
      .min(1, adCampaignMessages.goalInvalid)
      .max(MAX_DB_INT, adCampaignMessages.goalInvalid),
  ),
  capPerHour: orNull(
    z
      .number({ error: adCampaignMessages.capInvalid })
      .int(adCampaignMessages.capInvalid)
      .min(1, adCampaignMessages.capInvalid)
      .max(3600, adCampaignMessages.capInvalid),
  ),
};

interface AdInput {
  type: CampaignType;
  advertiserId: number | null;
  goalKind: AdGoalKind | null;
  goalPlays: number | null;
  capPerHour: number | null;
  startDate: string | null;
  endDate: string | null;
  priority: string;
}

/**
 * What an ad must have (each issue on its field, pt-BR): an advertiser, both flight dates, a goal
 * kind, a goal and a cap, and not the emergency priority. A regular campaign is not checked here.
 */
export function checkAdCampaign(c: AdInput, ctx: z.RefinementCtx): void {
  if (c.type !== 'ad') return;
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (c.advertiserId === null) issue('advertiserId', adCampaignMessages.advertiserRequired);
  if (c.startDate === null) issue('startDate', adCampaignMessages.flightRequired);
  if (c.endDate === null) issue('endDate', adCampaignMessages.flightRequired);
  if (c.priority === 'emergency') issue('priority', adCampaignMessages.noEmergency);
  if (c.goalKind === null) issue('goalKind', adCampaignMessages.goalKindRequired);
  if (c.goalPlays === null) issue('goalPlays', adCampaignMessages.goalInvalid);
  if (c.capPerHour === null) issue('capPerHour', adCampaignMessages.capInvalid);
}

/** A regular campaign keeps no ad field, whatever was sent. */
export function withoutAdFieldsUnlessAd<T extends AdInput>(c: T): T {
  return c.type === 'ad' ? c : { ...c, advertiserId: null, goalKind: null, goalPlays: null, capPerHour: null };
}

/** How far an ad is (docs/ads.md#delivery): plays counted, the goal, and where the current rate ends. */
export const adDeliverySchema = z
  .object({
    /** Counted plays so far (ran to their end: docs/ads.md#counted-plays). */
    counted: z.number().int(),
    /** Plays the flight should reach: `goalPlays`, or `goalPlays` × the hours it plays for `per_hour`. */
    goal: z.number().int(),
    /** Counted + the last 24 hours' counted plays per hour played × the hours it still plays (`adProjection`). */
    projection: z.number().int(),
    /** Plays per screen the pacing allows this hour (docs/ads.md#pacing); null before its first plan. */
    allowancePerScreen: z.number().int().nullable(),
  })
  .meta({ id: 'AdDelivery' });
export type AdDelivery = z.infer<typeof adDeliverySchema>;

/** The ad fields of a campaign answer: null on a regular campaign. */
export const adCampaignFields = {
  type: z.enum(CAMPAIGN_TYPES),
  advertiserId: z.number().int().nullable(),
  goalKind: z.enum(AD_GOAL_KINDS).nullable(),
  goalPlays: z.number().int().nullable(),
  capPerHour: z.number().int().nullable(),
  /** An ad's delivery against its goal; null on a regular campaign. */
  delivery: adDeliverySchema.nullable(),
};
