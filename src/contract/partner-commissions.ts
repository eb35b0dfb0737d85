import { z } from 'zod';
import { idParamsSchema, isoDateTime } from './common';

/**
 * A partner's commission per month (docs/ads.md#commissions): what ads played on its screens earned
 * in a month of the workspace's time zone, and its share, computed per screen in integer cents.
 */

export const partnerCommissionMessages = {
  badMonth: 'Mês inválido: use AAAA-MM (por exemplo 2026-11)',
  badStatus: 'Situação inválida: use "fechado" ou "pago"',
  notOpen: 'Este mês já foi fechado: só um mês aberto pode ser fechado',
  notClosed: 'Só um mês fechado pode ser marcado como pago',
  alreadyPaid: 'Este mês já foi pago: a situação não muda mais',
  reopen: 'Um mês fechado não pode ser reaberto',
  alreadyOpen: 'Este mês já está aberto',
  monthNotOver: 'O mês ainda não terminou: ele só pode ser fechado a partir do dia 1º do mês seguinte',
  futureMonth: 'Este mês ainda não começou: não há comissões a fechar',
} as const;

/** The three states of a month, in their only order: aberto → fechado → pago. */
export const COMMISSION_STATUSES = ['aberto', 'fechado', 'pago'] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];
export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  aberto: 'Aberto',
  fechado: 'Fechado',
  pago: 'Pago',
};

/** `yyyy-mm`, month 01 to 12, year 0001 to 9999 (what a date column holds). */
export const monthSchema = z
  .string({ error: partnerCommissionMessages.badMonth })
  .regex(/^(?!0000)\d{4}-(0[1-9]|1[0-2])$/, partnerCommissionMessages.badMonth);

/** `/api/partners/{id}/commissions/{month}` (and its `.csv`/`.pdf`): the path id as everywhere, and the month. */
export const partnerMonthParamsSchema = idParamsSchema.extend({ month: monthSchema });

/** `PUT …/status`: the month's next state; `aberto` is valid here but never a move (409). */
export const commissionStatusInputSchema = z
  .object({ status: z.enum(COMMISSION_STATUSES, { error: partnerCommissionMessages.badStatus }) })
  .meta({ id: 'CommissionStatusInput' });
export type CommissionStatusInput = z.infer<typeof commissionStatusInputSchema>;

const cents = z.number().int().min(0);
const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const commissionLineSchema = z.object({
  /** The screen's id (a removed screen keeps its line, named by its id). */
  id: z.number().int(),
  name: z.string(),
  plays: z.number().int().min(0),
  grossCents: cents,
  commissionCents: cents,
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionTotalsSchema = z.object({
  plays: z.number().int().min(0),
  grossCents: cents,
  commissionCents: cents,
});
export type CommissionTotals = z.infer<typeof commissionTotalsSchema>;

/** What closing a month freezes (`partner_commission_months.figures`): everything but the status. */
export const commissionFiguresSchema = z.object({
  company: z.string(),
  partner: z.object({ id: z.number().int(), name: z.string(), document: z.string() }),
  commissionBasisPoints: z.number().int().min(0).max(10_000),
  screens: z.array(commissionLineSchema),
  totals: commissionTotalsSchema,
});
export type CommissionFigures = z.infer<typeof commissionFiguresSchema>;

/** `GET /api/partners/{id}/commissions/{month}`: the statement, live while open, frozen once closed. */
export const commissionStatementSchema = commissionFiguresSchema
  .extend({
    month: z.string(),
    status: z.enum(COMMISSION_STATUSES),
    /** The commission in percent, as the partner's form shows it (12.5). */
    commissionPercent: z.number(),
    /** The workspace's time zone, which the month's days are of. */
    timeZone: z.string(),
    closedBy: person,
    closedAt: isoDateTime.nullable(),
    paidBy: person,
    paidAt: isoDateTime.nullable(),
  })
  .meta({ id: 'CommissionStatement' });
export type CommissionStatement = z.infer<typeof commissionStatementSchema>;

/** `GET /api/partners/{id}/commissions`: the months with plays or a status, newest first. */
export const commissionMonthListSchema = z
  .array(
    commissionTotalsSchema.extend({
      month: z.string(),
      status: z.enum(COMMISSION_STATUSES),
      closedAt: isoDateTime.nullable(),
      paidAt: isoDateTime.nullable(),
    }),
  )
  .meta({ id: 'CommissionMonthList' });
export type CommissionMonthSummary = z.infer<typeof commissionMonthListSchema>[number];

/**
 * A screen's commission in cents: `grossCents × basisPoints / 10000`, rounded to the cent half to
 * even (ABNT NBR 5891: a remainder of exactly half goes to the even cent, so ties do not all lean
 * up). Integers only, through BigInt, since gross × 10000 passes 2^53 above R$ 9 bilhões.
 */
export function commissionCents(grossCents: number, basisPoints: number): number {
  if (!Number.isSafeInteger(grossCents) || grossCents < 0) throw new RangeError(`gross cents: ${grossCents}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0 || basisPoints > 10_000)
    throw new RangeError(`basis points: ${basisPoints}`);
  const product = BigInt(grossCents) * BigInt(basisPoints);
  const quotient = product / 10_000n;
  const twiceRemainder = (product % 10_000n) * 2n;
  const up = twiceRemainder > 10_000n || (twiceRemainder === 10_000n && quotient % 2n === 1n);
  return Number(up ? quotient + 1n : quotient);
}

/**
 * A statement's lines and totals from each screen's plays and gross: the commission taken per line,
 * and the totals the sums of the lines, so that the statement adds up to the cent.
 */
export function commissionLines(
  screens: ReadonlyArray<Omit<CommissionLine, 'commissionCents'>>,
  basisPoints: number,
): { screens: CommissionLine[]; totals: CommissionTotals } {
  const lines = screens.map((s) => ({ ...s, commissionCents: commissionCents(s.grossCents, basisPoints) }));
  const totals = lines.reduce(
    (sum, l) => ({
      plays: sum.plays + l.plays,
      grossCents: sum.grossCents + l.grossCents,
      commissionCents: sum.commissionCents + l.commissionCents,
    }),
    { plays: 0, grossCents: 0, commissionCents: 0 },
  );
  return { screens: lines, totals };
}

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];
/** `2026-11` → `novembro de 2026`. */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
/** `2026-11` → `11/2026`. */
export const monthShort = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** The month after `yyyy-mm`: `2026-12` → `2027-01`. */
export function nextMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  return m === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${month.slice(0, 4)}-${String(m + 1).padStart(2, '0')}`;
}

/** The rule as the statements state it (PDF, page), in two lines. */
export const COMMISSION_RULE_LINES = [
  'Comissão calculada por tela: valor bruto × percentual, arredondada ao centavo pela regra do par',
  '(ABNT NBR 5891: o meio centavo vai para o centavo par). O total é a soma das linhas.',
] as const;

/** Where a month stands against today in the workspace's time zone. */
export type MonthTime = 'past' | 'current' | 'future';
export const monthTime = (month: string, currentMonth: string): MonthTime =>
  month < currentMonth ? 'past' : month === currentMonth ? 'current' : 'future';

/**
 * Whether a month may move from `from` to `to` (docs/ads.md#commissions): aberto → fechado once the
 * month is over (plays of a running month are still coming), fechado → pago. Anything else (back,
 * a skip, the same state) is refused with its reason: null means allowed.
 */
export function commissionMoveRefusal(from: CommissionStatus, to: CommissionStatus, time: MonthTime): string | null {
  const m = partnerCommissionMessages;
  if (from === 'aberto' && to === 'fechado')
    return time === 'past' ? null : time === 'future' ? m.futureMonth : m.monthNotOver;
  if (from === 'fechado' && to === 'pago') return null;
  if (from === 'pago') return m.alreadyPaid;
  if (to === 'aberto') return from === 'aberto' ? m.alreadyOpen : m.reopen;
  if (to === 'pago') return m.notClosed;
  return m.notOpen;
}
