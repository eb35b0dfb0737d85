import { z } from 'zod';
import { adCampaignFields, adCampaignInputFields, checkAdCampaign, withoutAdFieldsUnlessAd } from './ad-campaigns';
import { dateTimeInput, idSchema, isoDateTime } from './common';
import { LAYOUT_MAX_ZONES, zoneKeySchema } from './layouts';
import { messages } from './messages';
import {
  ALL_WEEKDAYS,
  CAMPAIGN_PRIORITIES,
  CAMPAIGN_STATES,
  CAMPAIGN_STATUSES,
  minutesOf,
  type CampaignPriority,
  type CampaignState,
  type CampaignStatus,
} from './schedule';

export { CAMPAIGN_PRIORITIES, CAMPAIGN_STATES, CAMPAIGN_STATUSES };
export type { CampaignPriority, CampaignState, CampaignStatus };

/** `draft` is the default (docs/scheduling.md#campaigns) and never plays; `published` plays by its schedule. */
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Rascunho',
  published: 'Publicada',
  paused: 'Pausada',
};
export const CAMPAIGN_PRIORITY_LABELS: Record<CampaignPriority, string> = {
  normal: 'Normal',
  high: 'Alta',
  emergency: 'Emergência',
};
export const CAMPAIGN_STATE_LABELS: Record<CampaignState, string> = {
  draft: 'Rascunho',
  paused: 'Pausada',
  scheduled: 'Agendada',
  on_air: 'No ar agora',
  ended: 'Encerrada',
};
/** 0 = Sunday, as `Date.getDay()` and the schedule count them. */
export const WEEKDAY_LABELS = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
export const WEEKDAY_SHORT_LABELS = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'] as const;

export const campaignMessages = {
  nameRequired: 'Nome da campanha é obrigatório',
  playlistRequired: 'Selecione uma playlist',
  dateInvalid: 'Data inválida',
  endBeforeStart: 'A data de término deve ser posterior à data de início',
  timeInvalid: 'Horário inválido (use HH:MM)',
  sameTimes: 'O horário de término deve ser diferente do de início',
  weekdaysRequired: 'Escolha ao menos um dia da semana',
  weekdayInvalid: 'Dia da semana inválido',
  targetRequired: 'Escolha ao menos um dispositivo ou grupo, ou todas as telas',
  statusInvalid: 'Status de campanha inválido',
  priorityInvalid: 'Prioridade inválida',
  notFound: 'Campanha não encontrada',
  alreadyEnded: 'Esta campanha já foi encerrada',
} as const;

const dateTime = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  dateTimeInput(campaignMessages.dateInvalid).nullable(),
);
const timeOfDay = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z
    .string({ error: campaignMessages.timeInvalid })
    .refine((v) => minutesOf(v) !== null, campaignMessages.timeInvalid)
    .nullable(),
);

/** When in the week it plays (see `CampaignSchedule` in schedule.ts); every day, all day, by default. */
export const campaignScheduleSchema = z
  .object({
    weekdays: z
      .array(
        z
          .number({ error: campaignMessages.weekdayInvalid })
          .int(campaignMessages.weekdayInvalid)
          .min(0, campaignMessages.weekdayInvalid)
          .max(6, campaignMessages.weekdayInvalid),
      )
      .min(1, campaignMessages.weekdaysRequired)
      .max(7)
      .default([...ALL_WEEKDAYS])
      .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
    startTime: timeOfDay.default(null),
    endTime: timeOfDay.default(null),
  })
  .refine((s) => s.startTime === null || s.endTime === null || s.startTime !== s.endTime, {
    path: ['endTime'],
    message: campaignMessages.sameTimes,
  })
  .meta({ id: 'CampaignSchedule' });

const targets = {
  deviceIds: z.array(idSchema).max(10_000).default([]),
  groupIds: z.array(idSchema).max(1_000).default([]),
  /** Every screen of the workspace, those added later included. */
  allDevices: z.boolean().default(false),
};
const hasTarget = (c: { deviceIds: number[]; groupIds: number[]; allDevices: boolean }) =>
  c.allDevices || c.deviceIds.length > 0 || c.groupIds.length > 0;

/** The campaign form and `POST`/`PUT /api/campaigns`: name, playlist, targets, dates and the schedule (docs/scheduling.md#campaigns). */
export const campaignInputSchema = z
  .object({
    name: z.string({ error: campaignMessages.nameRequired }).trim().min(1, campaignMessages.nameRequired).max(120),
    description: z
      .string()
      .trim()
      .max(1000)
      .nullish()
      .transform((v) => v || null),
    playlistId: z.number({ error: campaignMessages.playlistRequired }).pipe(idSchema),
    ...targets,
    startDate: dateTime,
    endDate: dateTime,
    status: z.enum(CAMPAIGN_STATUSES, { error: campaignMessages.statusInvalid }).default('draft'),
    priority: z.enum(CAMPAIGN_PRIORITIES, { error: campaignMessages.priorityInvalid }).default('normal'),
    schedule: campaignScheduleSchema.default({ weekdays: [...ALL_WEEKDAYS], startTime: null, endTime: null }),
    /**
     * The zone keys it plays in (`principal`, `rodape`…; docs/layouts.md#campaigns); null or left
     * out: every zone, as before zones. An emergency takes the whole screen, so it names none.
     */
    zones: z
      .array(zoneKeySchema)
      .min(1, messages.layouts.campaignZonesEmpty)
      .max(LAYOUT_MAX_ZONES, messages.layouts.tooManyZones)
      .refine((keys) => new Set(keys).size === keys.length, messages.layouts.campaignZonesDuplicate)
      .nullish()
      .transform((v) => v ?? null),
    /** Older clients send `userId: 1`; the server always takes the session's user. */
    userId: z.unknown().optional(),
    /** `ad` and its fields: docs/ads.md#ad-campaigns. */
    ...adCampaignInputFields,
  })
  .superRefine(checkAdCampaign)
  .transform(withoutAdFieldsUnlessAd)
  .refine((c) => !c.startDate || !c.endDate || new Date(c.endDate) > new Date(c.startDate), {
    path: ['endDate'],
    message: campaignMessages.endBeforeStart,
  })
  .refine((c) => c.priority !== 'emergency' || c.zones === null, {
    path: ['zones'],
    message: messages.layouts.campaignZonesEmergency,
  })
  // A draft may be saved unfinished; a campaign that plays must say where.
  .refine((c) => c.status !== 'published' || hasTarget(c), {
    path: ['deviceIds'],
    message: campaignMessages.targetRequired,
  })
  .meta({ id: 'CampaignInput' });
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type CampaignData = z.output<typeof campaignInputSchema>;

/** `PATCH /api/campaigns/{id}/status`: publish, pause, or back to draft. */
export const campaignStatusChangeSchema = z
  .object({ status: z.enum(CAMPAIGN_STATUSES, { error: campaignMessages.statusInvalid }) })
  .meta({ id: 'CampaignStatusChange' });

/**
 * `POST /api/campaigns/emergency`: one action puts a playlist on the whole screen of the chosen
 * screens now, until it is ended (`POST /api/campaigns/{id}/end`).
 */
export const emergencyInputSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(120)
      .nullish()
      .transform((v) => v || 'Emergência'),
    playlistId: z.number({ error: campaignMessages.playlistRequired }).pipe(idSchema),
    ...targets,
  })
  .refine(hasTarget, { path: ['deviceIds'], message: campaignMessages.targetRequired })
  .meta({ id: 'EmergencyInput' });
export type EmergencyInput = z.input<typeof emergencyInputSchema>;

export const campaignSchema = z
  .object({
    id: z.number().int(),
    userId: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    /** Null once its playlist was removed (docs/product.md#playlists-list: campaigns using a removed playlist are affected). */
    playlistId: z.number().int().nullable(),
    deviceIds: z.array(z.number().int()),
    groupIds: z.array(z.number().int()),
    allDevices: z.boolean(),
    startDate: isoDateTime.nullable(),
    endDate: isoDateTime.nullable(),
    status: z.enum(CAMPAIGN_STATUSES),
    priority: z.enum(CAMPAIGN_PRIORITIES),
    schedule: z.object({
      weekdays: z.array(z.number().int()),
      startTime: z.string().nullable(),
      endTime: z.string().nullable(),
    }),
    /** The zone keys it plays in; null: every zone. */
    zones: z.array(z.string()).nullable(),
    /** `regular`, or `ad` with its fields (null on a regular one): docs/ads.md#ad-campaigns. */
    ...adCampaignFields,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'Campaign' });
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = z.array(campaignSchema);

/**
 * Whether a campaign is aimed at a screen (docs/scheduling.md#campaigns): by the device's id, by its group (a device
 * that joins a group later joins its campaigns), or at every screen of the workspace.
 */
export function campaignAimsAt(
  campaign: Pick<Campaign, 'deviceIds' | 'groupIds' | 'allDevices'>,
  device: { id: number; groupId: number | null },
): boolean {
  return (
    campaign.allDevices ||
    campaign.deviceIds.includes(device.id) ||
    (device.groupId !== null && campaign.groupIds.includes(device.groupId))
  );
}
