import { z } from 'zod';
import { idSchema, isoDateTime } from './common';
import { httpUrl } from './http-url';

/**
 * Alerts (docs/alerts.md): a screen offline for some minutes opens an incident, its return closes
 * it, and each opening and return is told by email and signed webhooks, screens falling together
 * in one notice.
 */

export const DEFAULT_OFFLINE_MINUTES = 10;
export const OFFLINE_MINUTES_MAX = 24 * 60;
export const ALERT_EMAILS_MAX = 20;
export const ALERT_WEBHOOKS_MAX = 10;
/** A webhook is tried again at 1, 5, 15 and 60 minutes, then hourly, for this long after its event. */
export const WEBHOOK_RETRY_HOURS = 24;
/** How long a webhook receiver has to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The signature headers of a webhook delivery: `t` (Unix seconds) and HMAC-SHA256 of `${t}.${body}`. */
export const WEBHOOK_TIMESTAMP_HEADER = 'x-sinalize-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-sinalize-signature';

export const alertMessages = {
  emailInvalid: (email: string) => `E-mail inválido: "${email}".`,
  emailsTooMany: `Informe no máximo ${ALERT_EMAILS_MAX} e-mails.`,
  emailsDuplicate: 'Cada e-mail só uma vez.',
  minutesInvalid: `Informe os minutos como um número inteiro de 1 a ${OFFLINE_MINUTES_MAX}.`,
  urlInvalid: 'Informe o endereço completo do webhook, começando com http:// ou https://.',
  secretInvalid: 'O segredo tem de 16 a 200 caracteres.',
  webhooksTooMany: `Uma empresa tem no máximo ${ALERT_WEBHOOKS_MAX} webhooks.`,
  webhookNotFound: 'Webhook não encontrado',
} as const;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((v) => z.email().safeParse(v).success, { error: (issue) => alertMessages.emailInvalid(String(issue.input)) });

export const offlineMinutesSchema = z
  .number({ error: alertMessages.minutesInvalid })
  .int(alertMessages.minutesInvalid)
  .min(1, alertMessages.minutesInvalid)
  .max(OFFLINE_MINUTES_MAX, alertMessages.minutesInvalid);

/** `PUT /api/alerts/settings`: who gets the emails and after how long offline a screen is an incident. */
export const alertSettingsInputSchema = z
  .object({
    emails: z
      .array(email)
      .max(ALERT_EMAILS_MAX, alertMessages.emailsTooMany)
      .refine((list) => new Set(list).size === list.length, alertMessages.emailsDuplicate),
    offlineMinutes: offlineMinutesSchema,
  })
  .meta({ id: 'AlertSettingsInput' });
export type AlertSettingsInput = z.input<typeof alertSettingsInputSchema>;

export const alertSettingsSchema = z
  .object({
    emails: z.array(z.string()),
    offlineMinutes: z.number().int(),
    /** Whether this server can send email (`SMTP_URL` is set): without it only webhooks go out. */
    emailConfigured: z.boolean(),
  })
  .meta({ id: 'AlertSettings' });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

/** `POST /api/alerts/webhooks`: the secret signs every delivery; left out, the server makes one. */
export const webhookInputSchema = z
  .object({
    url: z
      .string({ error: alertMessages.urlInvalid })
      .trim()
      .max(2000, alertMessages.urlInvalid)
      .refine((value) => httpUrl(value) !== null, alertMessages.urlInvalid),
    secret: z.string().min(16, alertMessages.secretInvalid).max(200, alertMessages.secretInvalid).optional(),
  })
  .meta({ id: 'WebhookInput' });
export type WebhookInput = z.input<typeof webhookInputSchema>;

export const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    /** Shown once, in the answer that created it; later answers show its last four characters only. */
    secret: z.string().optional(),
    secretHint: z.string(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'Webhook' });
export type Webhook = z.infer<typeof webhookSchema>;

export const DELIVERY_STATUSES = ['ok', 'failed'] as const;
export const deliverySchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'webhook']),
    webhookId: z.number().int().nullable(),
    /** The address or URL it went to. */
    target: z.string(),
    event: z.string(),
    status: z.enum(DELIVERY_STATUSES),
    /** The receiver's HTTP status (webhooks), null when none came. */
    httpStatus: z.number().int().nullable(),
    /** What went wrong, in Portuguese, or null. */
    detail: z.string().nullable(),
    attempt: z.number().int(),
    createdAt: isoDateTime,
  })
  .meta({ id: 'AlertDelivery' });
export type Delivery = z.infer<typeof deliverySchema>;

export const incidentSchema = z
  .object({
    id: z.number().int(),
    deviceId: z.number().int(),
    deviceName: z.string(),
    location: z.string(),
    /** When the screen was last seen: the incident's start. */
    startedAt: isoDateTime,
    /** When it came back; null while open. */
    endedAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Incident' });
export type Incident = z.infer<typeof incidentSchema>;

export const incidentListQuerySchema = z.object({
  status: z.enum(['open', 'all'], { error: 'Situação inválida: use open ou all.' }).default('all'),
});

export const webhookIdParamsSchema = z.object({ id: z.coerce.number().pipe(idSchema) });

/** What a webhook receives (JSON): one notice, every screen that fell (or came back) with it. */
/** The share of the storage quota whose crossing is told (docs/alerts.md#storage). */
export const STORAGE_ALERT_RATIO = 0.9;

export interface AlertNotice {
  /** The same for every attempt of one delivery: a receiver may drop repeats by it. */
  id: string;
  event: 'screens.offline' | 'screens.online' | 'storage.quota' | 'media.failing' | 'test';
  /** `storage.quota`: the media's size and the workspace's quota, in bytes. */
  storage?: { usedBytes: number; quotaBytes: number };
  /** `media.failing`: each media that failed 3 times or more within an hour on a screen. */
  failures?: Array<{
    deviceId: number;
    deviceName: string;
    location: string;
    mediaId: number;
    /** Null when the media was removed since. */
    mediaName: string | null;
    count: number;
    lastMessage: string;
  }>;
  workspace: { id: number; name: string };
  screens: Array<{
    deviceId: number;
    name: string;
    location: string;
    lastSeen: string | null;
    incidentId: number;
    startedAt: string;
    endedAt: string | null;
  }>;
  panelUrl: string | null;
  sentAt: string;
}
