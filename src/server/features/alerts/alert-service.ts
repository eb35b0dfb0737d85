import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import {
  ALERT_WEBHOOKS_MAX,
  DEFAULT_OFFLINE_MINUTES,
  alertMessages,
  type AlertSettings,
  type Delivery,
  type Incident,
  type Webhook,
  type WebhookInput,
} from '../../../contract/alerts';
import type { SessionUser } from '../../auth/session-user';
import { visibleTo } from '../../auth/tenancy';
import type { Db } from '../../db/client';
import { alertDeliveries, alertSettings, alertWebhooks, devices, incidents, workspaces } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { ERROR_CODES } from '../../../contract/errors';
import { postWebhook, recordDelivery } from './deliveries';

/** A workspace's alert settings and webhooks, its incidents and delivery log (docs/alerts.md). */

export async function getSettings(db: Db, actor: SessionUser, emailConfigured: boolean): Promise<AlertSettings> {
  const [row] = await db.select().from(alertSettings).where(eq(alertSettings.workspaceId, actor.workspaceId));
  return {
    emails: row?.emails ?? [],
    offlineMinutes: row?.offlineMinutes ?? DEFAULT_OFFLINE_MINUTES,
    emailConfigured,
  };
}

export async function putSettings(
  db: Db,
  actor: SessionUser,
  input: { emails: string[]; offlineMinutes: number },
  emailConfigured: boolean,
): Promise<AlertSettings> {
  const values = { emails: input.emails, offlineMinutes: input.offlineMinutes, updatedAt: new Date() };
  await db
    .insert(alertSettings)
    .values({ workspaceId: actor.workspaceId, ...values })
    .onConflictDoUpdate({ target: alertSettings.workspaceId, set: values });
  return { ...input, emailConfigured };
}

type WebhookRow = typeof alertWebhooks.$inferSelect;
const presentWebhook = (row: WebhookRow, withSecret = false): Webhook => ({
  id: row.id,
  url: row.url,
  ...(withSecret ? { secret: row.secret } : {}),
  secretHint: `…${row.secret.slice(-4)}`,
  createdAt: row.createdAt.toISOString(),
});

export async function listWebhooks(db: Db, actor: SessionUser): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(alertWebhooks)
    .where(visibleTo(alertWebhooks.workspaceId, actor))
    .orderBy(alertWebhooks.id);
  return rows.map((row) => presentWebhook(row));
}

/** The secret is shown in this answer only; a missing one is made here (32 random bytes, hex). */
export async function createWebhook(db: Db, actor: SessionUser, input: WebhookInput): Promise<Webhook> {
  const row = await db.transaction(async (tx) => {
    // The workspace's row locked: two creations at once cannot both pass the limit.
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, actor.workspaceId)).for('update');
    const [{ n }] = (await tx
      .select({ n: count() })
      .from(alertWebhooks)
      .where(eq(alertWebhooks.workspaceId, actor.workspaceId))) as [{ n: number }];
    if (n >= ALERT_WEBHOOKS_MAX) throw new HttpError(400, alertMessages.webhooksTooMany, ERROR_CODES.validation);
    const [created] = await tx
      .insert(alertWebhooks)
      .values({
        url: input.url,
        secret: input.secret ?? randomBytes(32).toString('hex'),
        workspaceId: actor.workspaceId,
      })
      .returning();
    return created!;
  });
  return presentWebhook(row, true);
}

async function loadWebhook(db: Db, actor: SessionUser, id: number): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(alertWebhooks)
    .where(and(eq(alertWebhooks.id, id), visibleTo(alertWebhooks.workspaceId, actor)));
  if (!row) throw notFound(alertMessages.webhookNotFound);
  return row;
}

export async function deleteWebhook(db: Db, actor: SessionUser, id: number): Promise<void> {
  const removed = await db
    .delete(alertWebhooks)
    .where(and(eq(alertWebhooks.id, id), visibleTo(alertWebhooks.workspaceId, actor)))
    .returning({ id: alertWebhooks.id });
  if (removed.length === 0) throw notFound(alertMessages.webhookNotFound);
}

/** "Testar": a sample notice posted now, signed like any other, and logged; the answer is the log entry. */
export async function testWebhook(db: Db, actor: SessionUser, id: number): Promise<Delivery> {
  const hook = await loadWebhook(db, actor, id);
  const [workspace] = await db
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, actor.workspaceId));
  const outcome = await postWebhook(hook.url, hook.secret, {
    id: `test-${Date.now()}`,
    event: 'test',
    workspace: workspace!,
    screens: [],
    panelUrl: null,
    sentAt: new Date().toISOString(),
  });
  const row = await recordDelivery(db, {
    workspaceId: actor.workspaceId,
    channel: 'webhook',
    webhookId: hook.id,
    target: hook.url,
    event: 'test',
    attempt: 1,
    ...outcome,
  });
  return presentDelivery(row);
}

const presentDelivery = (row: typeof alertDeliveries.$inferSelect): Delivery => ({
  id: row.id,
  channel: row.channel,
  webhookId: row.webhookId,
  target: row.target,
  event: row.event,
  status: row.status,
  httpStatus: row.httpStatus,
  detail: row.detail,
  attempt: row.attempt,
  createdAt: row.createdAt.toISOString(),
});

/** The newest deliveries first (the log keeps the last `DELIVERIES_KEPT`). */
export async function listDeliveries(db: Db, actor: SessionUser): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(alertDeliveries)
    .where(visibleTo(alertDeliveries.workspaceId, actor))
    .orderBy(desc(alertDeliveries.id))
    .limit(100);
  return rows.map(presentDelivery);
}

/** Open incidents first, then the newest; at most 200. */
export async function listIncidents(db: Db, actor: SessionUser, status: 'open' | 'all'): Promise<Incident[]> {
  const rows = await db
    .select({
      id: incidents.id,
      deviceId: incidents.deviceId,
      deviceName: devices.name,
      location: devices.location,
      startedAt: incidents.startedAt,
      endedAt: incidents.endedAt,
    })
    .from(incidents)
    .innerJoin(devices, eq(devices.id, incidents.deviceId))
    .where(and(visibleTo(incidents.workspaceId, actor), status === 'open' ? isNull(incidents.endedAt) : undefined))
    .orderBy(desc(isNull(incidents.endedAt)), desc(incidents.startedAt), desc(incidents.id))
    .limit(200);
  return rows.map((r) => ({
    ...r,
    startedAt: r.startedAt.toISOString(),
    endedAt: r.endedAt?.toISOString() ?? null,
  }));
}
