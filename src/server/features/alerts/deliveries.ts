import { createHmac } from 'node:crypto';
import nodemailer from 'nodemailer';
import {
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_TIMEOUT_MS,
  WEBHOOK_TIMESTAMP_HEADER,
  type AlertNotice,
} from '../../../contract/alerts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { alertDeliveries } from '../../db/schema';

/**
 * The signature of a webhook delivery (docs/alerts.md#webhooks): HMAC-SHA256 with the webhook's
 * secret over `${timestamp}.${body}`, hex, as `sha256=<hex>`; the timestamp (Unix seconds) lets a
 * receiver refuse replays.
 */
export const signWebhook = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;

export interface DeliveryOutcome {
  ok: boolean;
  httpStatus: number | null;
  /** What went wrong, in Portuguese; null when it went through. */
  detail: string | null;
}

/** Posts a notice to a webhook, signed; any answer but 2xx, a timeout or no answer is a failure. */
export async function postWebhook(url: string, secret: string, notice: AlertNotice): Promise<DeliveryOutcome> {
  const body = JSON.stringify(notice);
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Sinalize-Alertas/1',
        [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
        [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
    });
    await res.body?.cancel();
    if (res.ok) return { ok: true, httpStatus: res.status, detail: null };
    return { ok: false, httpStatus: res.status, detail: `O receptor respondeu ${res.status}.` };
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    return {
      ok: false,
      httpStatus: null,
      detail: timedOut
        ? `O receptor não respondeu em ${WEBHOOK_TIMEOUT_MS / 1000} s.`
        : 'Não foi possível conectar ao receptor.',
    };
  }
}

/** Sends an email over `smtpUrl` (docs/alerts.md#email); a refusal or no connection is a failure. */
export async function sendEmail(
  smtpUrl: string,
  message: { from: string; to: string[]; subject: string; text: string },
): Promise<DeliveryOutcome> {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail(message);
    return { ok: true, httpStatus: null, detail: null };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    return {
      ok: false,
      httpStatus: null,
      detail: code
        ? `O servidor de e-mail recusou a mensagem (${code}).`
        : 'Não foi possível conectar ao servidor de e-mail.',
    };
  } finally {
    transport.close();
  }
}

/** The delivery log keeps this many entries per workspace (older ones go as new ones come). */
export const DELIVERIES_KEPT = 200;

export async function recordDelivery(
  db: Db,
  entry: {
    workspaceId: number;
    channel: 'email' | 'webhook';
    webhookId: number | null;
    target: string;
    event: string;
    attempt: number;
  } & DeliveryOutcome,
) {
  const { ok, ...fields } = entry;
  const [row] = await db
    .insert(alertDeliveries)
    .values({ ...fields, status: ok ? 'ok' : 'failed' })
    .returning();
  await db.execute(sql`delete from ${alertDeliveries} where ${alertDeliveries.workspaceId} = ${entry.workspaceId}
    and ${alertDeliveries.id} <= (select id from ${alertDeliveries} where ${alertDeliveries.workspaceId} = ${entry.workspaceId}
      order by id desc offset ${DELIVERIES_KEPT} limit 1)`);
  return row!;
}
