import { and, between, eq, inArray, sql } from 'drizzle-orm';
import { adsMessages } from '../../../contract/ads-messages';
import { percentOf } from '../../../contract/ads';
import {
  commissionFiguresSchema,
  commissionLines,
  commissionMoveRefusal,
  monthShort,
  monthTime,
  type CommissionFigures,
  type CommissionMonthSummary,
  type CommissionStatement,
  type CommissionStatus,
} from '../../../contract/partner-commissions';
import { DEFAULT_TIME_ZONE, localTime } from '../../../contract/schedule';
import { byNameThenId } from '../../../contract/sort';
import type { SessionUser } from '../../auth/session-user';
import { loadVisible, ownedBy, visibleTo } from '../../auth/tenancy';
import type { Db, Tx } from '../../db/client';
import { adPlayDays, devices, partnerCommissionMonths, partners, users, workspaces } from '../../db/schema';
import { conflict } from '../../http/errors';
import { recordActivity } from '../activities/activity-service';

/**
 * A partner's commissions per month (docs/ads.md#commissions). Figures come from `ad_play_days` by
 * the partner frozen in each play (the partner when it played, not the screen's partner today);
 * an open month is computed on each read, a closed one answers what its closing froze.
 */

type Partner = typeof partners.$inferSelect;
type MonthRow = typeof partnerCommissionMonths.$inferSelect;

/** The first and last day of `yyyy-mm`, as the roll-up's `day` (a day of the workspace's zone). */
function monthDays(month: string): [string, string] {
  const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
  return [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`];
}

/** A sum of integers read as a JS integer: both drivers give `bigint` sums as text. */
const safeInteger = (text: string | null) => {
  const value = Number(text ?? 0);
  if (!Number.isSafeInteger(value)) throw new Error(`a commission sum past 2^53: ${text}`);
  return value;
};

async function loadPartner(db: Db | Tx, actor: SessionUser, partnerId: number): Promise<Partner> {
  return loadVisible<typeof partners, Partner>(db, partners, actor, partnerId, adsMessages.partners.notFound);
}

async function workspaceOf(db: Db | Tx, actor: SessionUser) {
  const [row] = await db
    .select({ name: workspaces.name, timeZone: workspaces.timeZone })
    .from(workspaces)
    .where(eq(workspaces.id, actor.workspaceId));
  return { name: row?.name ?? '', timeZone: row?.timeZone ?? DEFAULT_TIME_ZONE };
}

/** Each screen's plays and gross in the month for this partner, named as the screens are today. */
async function screenFigures(db: Db | Tx, actor: SessionUser, partnerId: number, month: string) {
  const [first, last] = monthDays(month);
  const rows = await db
    .select({
      deviceId: adPlayDays.deviceId,
      plays: sql<string>`sum(${adPlayDays.plays})::text`,
      gross: sql<string>`sum(${adPlayDays.amountCents})::text`,
    })
    .from(adPlayDays)
    .where(
      and(
        visibleTo(adPlayDays.workspaceId, actor),
        eq(adPlayDays.partnerId, partnerId),
        between(adPlayDays.day, first, last),
      ),
    )
    .groupBy(adPlayDays.deviceId);
  const ids = rows.map((r) => r.deviceId);
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: devices.id, name: devices.name })
            .from(devices)
            .where(and(visibleTo(devices.workspaceId, actor), inArray(devices.id, ids)))
        ).map((d) => [d.id, d.name])
      : [],
  );
  return rows
    .map((r) => ({
      id: r.deviceId,
      name: names.get(r.deviceId) ?? `Tela removida (#${r.deviceId})`,
      plays: safeInteger(r.plays),
      grossCents: safeInteger(r.gross),
    }))
    .sort(byNameThenId);
}

/** The month's figures as they are now (what closing freezes). */
async function liveFigures(db: Db | Tx, actor: SessionUser, partner: Partner, month: string, company: string) {
  const lines = commissionLines(await screenFigures(db, actor, partner.id, month), partner.commissionBasisPoints);
  return {
    company,
    partner: { id: partner.id, name: partner.name, document: partner.document },
    commissionBasisPoints: partner.commissionBasisPoints,
    ...lines,
  } satisfies CommissionFigures;
}

async function monthRow(db: Db | Tx, partnerId: number, month: string): Promise<MonthRow | undefined> {
  const [row] = await db
    .select()
    .from(partnerCommissionMonths)
    .where(and(eq(partnerCommissionMonths.partnerId, partnerId), eq(partnerCommissionMonths.month, month)));
  return row;
}

async function userNames(db: Db | Tx, actor: SessionUser, ids: Array<number | null>) {
  const wanted = ids.filter((id): id is number => id !== null);
  if (!wanted.length) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(and(visibleTo(users.workspaceId, actor), inArray(users.id, wanted)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The statement of one month: live while open, the frozen figures once closed (docs/ads.md#commissions). */
export async function getCommissionStatement(
  db: Db,
  actor: SessionUser,
  partnerId: number,
  month: string,
): Promise<CommissionStatement> {
  const partner = await loadPartner(db, actor, partnerId);
  const workspace = await workspaceOf(db, actor);
  const row = await monthRow(db, partner.id, month);
  const status: CommissionStatus = row?.status ?? 'aberto';
  const figures =
    status === 'aberto' || !row?.figures
      ? await liveFigures(db, actor, partner, month, workspace.name)
      : commissionFiguresSchema.parse(row.figures);
  const names = await userNames(db, actor, [row?.closedBy ?? null, row?.paidBy ?? null]);
  const person = (id: number | null | undefined) => (id ? { id, name: names.get(id) ?? `#${id}` } : null);
  return {
    ...figures,
    month,
    status,
    commissionPercent: percentOf(figures.commissionBasisPoints),
    timeZone: workspace.timeZone,
    closedBy: person(row?.closedBy),
    closedAt: row?.closedAt?.toISOString() ?? null,
    paidBy: person(row?.paidBy),
    paidAt: row?.paidAt?.toISOString() ?? null,
  };
}

/** The months with plays of this partner or a status row, newest first, with their totals. */
export async function listCommissionMonths(
  db: Db,
  actor: SessionUser,
  partnerId: number,
): Promise<CommissionMonthSummary[]> {
  const partner = await loadPartner(db, actor, partnerId);
  const month = sql<string>`to_char(${adPlayDays.day}, 'YYYY-MM')`;
  const [perScreen, rows] = await Promise.all([
    db
      .select({
        month,
        deviceId: adPlayDays.deviceId,
        plays: sql<string>`sum(${adPlayDays.plays})::text`,
        gross: sql<string>`sum(${adPlayDays.amountCents})::text`,
      })
      .from(adPlayDays)
      .where(and(visibleTo(adPlayDays.workspaceId, actor), eq(adPlayDays.partnerId, partner.id)))
      .groupBy(month, adPlayDays.deviceId),
    db
      .select()
      .from(partnerCommissionMonths)
      .where(
        and(visibleTo(partnerCommissionMonths.workspaceId, actor), eq(partnerCommissionMonths.partnerId, partner.id)),
      ),
  ]);
  const byMonth = new Map<string, Array<{ id: number; name: string; plays: number; grossCents: number }>>();
  for (const r of perScreen) {
    const list = byMonth.get(r.month) ?? [];
    list.push({ id: r.deviceId, name: '', plays: safeInteger(r.plays), grossCents: safeInteger(r.gross) });
    byMonth.set(r.month, list);
  }
  const stored = new Map(rows.map((r) => [r.month, r]));
  const months = [...new Set([...byMonth.keys(), ...stored.keys()])].sort().reverse();
  return months.map((m) => {
    const row = stored.get(m);
    const status: CommissionStatus = row?.status ?? 'aberto';
    const totals =
      status !== 'aberto' && row?.figures
        ? commissionFiguresSchema.parse(row.figures).totals
        : commissionLines(byMonth.get(m) ?? [], partner.commissionBasisPoints).totals;
    return {
      month: m,
      status,
      ...totals,
      closedAt: row?.closedAt?.toISOString() ?? null,
      paidAt: row?.paidAt?.toISOString() ?? null,
    };
  });
}

/**
 * aberto → fechado (the figures frozen, who and when) or fechado → pago (who and when), in one
 * transaction holding the month's row lock: of two closings at once, the second waits, then finds
 * the month closed and is refused (409). Any other move is a 409 and saves nothing.
 */
export async function setCommissionStatus(
  db: Db,
  actor: SessionUser,
  partnerId: number,
  month: string,
  to: CommissionStatus,
): Promise<CommissionStatement> {
  await db.transaction(async (tx) => {
    const partner = await loadPartner(tx, actor, partnerId);
    const workspace = await workspaceOf(tx, actor);
    // The row exists before it is locked, so two first closings lock the same row.
    await tx
      .insert(partnerCommissionMonths)
      .values({ workspaceId: actor.workspaceId, partnerId: partner.id, month, status: 'aberto' })
      .onConflictDoNothing();
    const [row] = await tx
      .select()
      .from(partnerCommissionMonths)
      .where(and(eq(partnerCommissionMonths.partnerId, partner.id), eq(partnerCommissionMonths.month, month)))
      .for('update');
    const now = localTime(new Date(), workspace.timeZone);
    const current = `${String(now.year).padStart(4, '0')}-${String(now.month).padStart(2, '0')}`;
    const refusal = commissionMoveRefusal(row!.status, to, monthTime(month, current));
    if (refusal) throw conflict(refusal);
    const at = new Date();
    const changes =
      to === 'fechado'
        ? {
            status: to,
            figures: await liveFigures(tx, actor, partner, month, workspace.name),
            closedBy: actor.id,
            closedAt: at,
          }
        : { status: to, paidBy: actor.id, paidAt: at };
    await tx
      .update(partnerCommissionMonths)
      .set(changes)
      .where(and(eq(partnerCommissionMonths.partnerId, partner.id), eq(partnerCommissionMonths.month, month)));
    await recordActivity(tx, {
      ...ownedBy(actor),
      type: to === 'fechado' ? 'partner_commission_closed' : 'partner_commission_paid',
      data: { name: partner.name, month: monthShort(month) },
      entityType: 'partner',
      entityId: partner.id,
    });
  });
  return getCommissionStatement(db, actor, partnerId, month);
}
