import { z } from 'zod';
import { dateTimeInput, idSchema, isoDateTime } from './common';

/** `draft` is the default (SPEC §3); the other states are ours, for scheduling. */
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'finished'] as const;

const dateTime = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  dateTimeInput('Data inválida').nullable(),
);

export const campaignInputSchema = z
  .object({
    name: z.string({ error: 'Nome da campanha é obrigatório' }).trim().min(1, 'Nome da campanha é obrigatório').max(120),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    playlistId: z.number({ error: 'Selecione uma playlist' }).pipe(idSchema),
    deviceIds: z.array(idSchema).max(10_000).default([]),
    startDate: dateTime,
    endDate: dateTime,
    status: z.enum(CAMPAIGN_STATUSES, { error: 'Status de campanha inválido' }).default('draft'),
    userId: z.unknown().optional(),
  })
  .refine((c) => !c.startDate || !c.endDate || new Date(c.endDate) >= new Date(c.startDate), {
    path: ['endDate'],
    message: 'A data de término deve ser posterior à data de início',
  })
  .meta({ id: 'CampaignInput' });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignData = z.output<typeof campaignInputSchema>;

export const campaignSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** Null once its playlist was removed (SPEC: campaigns using a removed playlist are affected). */
    playlistId: z.number().int().nullable(),
    deviceIds: z.array(z.number().int()),
    startDate: isoDateTime.nullable(),
    endDate: isoDateTime.nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = z.array(campaignSchema);
