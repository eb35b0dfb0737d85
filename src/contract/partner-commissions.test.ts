import { describe, expect, it } from 'vitest';
import {
  commissionCents,
  commissionLines,
  commissionMoveRefusal,
  commissionStatusInputSchema,
  monthLabel,
  monthSchema,
  monthTime,
  nextMonth,
  partnerCommissionMessages as m,
} from './partner-commissions';

/** docs/ads.md#commissions: the money rule, integers only, half to even per screen line. */
describe('commissionCents', () => {
  it.each([
    // gross, basis points, expected: exact cases
    [10_000, 1000, 1000], // 10 % of R$ 100,00 = R$ 10,00
    [150, 1250, 19], // 18,75 → 19 (above half)
    [130, 1250, 16], // 16,25 → 16 (below half)
    [100, 1250, 12], // 12,5 → 12 (tie, 12 even: stays)
    [140, 1250, 18], // 17,5 → 18 (tie, 17 odd: up to even)
    [1, 5000, 0], // 0,5 → 0 (tie down to even)
    [3, 5000, 2], // 1,5 → 2 (tie up to even)
    [5, 5000, 2], // 2,5 → 2
    [7, 5000, 4], // 3,5 → 4
    [123_456, 0, 0], // 0 %
    [123_457, 10_000, 123_457], // 100 %
    [0, 3333, 0],
    [1, 1, 0], // 0,0001 → 0
    [9_999, 1, 1], // 0,9999 → 1
  ])('%i cents at %i bp → %i', (gross, bp, expected) => {
    expect(commissionCents(gross, bp)).toBe(expected);
  });

  it('stays exact where gross × 10000 passes 2^53 (floating point would not)', () => {
    const gross = Number.MAX_SAFE_INTEGER; // 9007199254740991
    // × 1250 / 10000 = 1125899906842623.875 → …624
    expect(commissionCents(gross, 1250)).toBe(1_125_899_906_842_624);
    expect(commissionCents(gross, 10_000)).toBe(gross);
    // 9007199254740990 × 0,5 = 4503599627370495 exactly, no tie
    expect(commissionCents(gross - 1, 5000)).toBe(4_503_599_627_370_495);
    // 9007199254740991 × 0,5 = …495,5: a tie, to the even …496
    expect(commissionCents(gross, 5000)).toBe(4_503_599_627_370_496);
    // Here floating point is a cent off: 9007199254738993 × 3,33 % = 299939735182808,4669 → …808.
    expect(commissionCents(9_007_199_254_738_993, 333)).toBe(299_939_735_182_808);
    expect(Math.round((9_007_199_254_738_993 * 333) / 10_000)).toBe(299_939_735_182_809);
  });

  it('refuses what is not a money amount or a percentage', () => {
    expect(() => commissionCents(1.5, 100)).toThrow(RangeError);
    expect(() => commissionCents(-1, 100)).toThrow(RangeError);
    expect(() => commissionCents(2 ** 53, 100)).toThrow(RangeError);
    expect(() => commissionCents(100, 10_001)).toThrow(RangeError);
    expect(() => commissionCents(100, 12.5)).toThrow(RangeError);
  });
});

describe('commissionLines', () => {
  it('rounds each line and sums the lines, so the statement adds up', () => {
    const { screens, totals } = commissionLines(
      [
        { id: 1, name: 'A', plays: 1, grossCents: 100 },
        { id: 2, name: 'B', plays: 2, grossCents: 140 },
        { id: 3, name: 'C', plays: 3, grossCents: 100 },
      ],
      1250,
    );
    expect(screens.map((s) => s.commissionCents)).toEqual([12, 18, 12]);
    // 42, not the 42,5 → 42 of the summed gross by chance: the sum of the lines by rule.
    expect(totals).toEqual({ plays: 6, grossCents: 340, commissionCents: 42 });
  });
});

describe('months and status moves', () => {
  it('takes yyyy-mm only, with a pt-BR error', () => {
    for (const good of ['2026-01', '2026-12', '0001-06']) expect(monthSchema.safeParse(good).success).toBe(true);
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026/11', '0000-01', '2026-11-01', '']) {
      const result = monthSchema.safeParse(bad);
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(m.badMonth);
    }
    expect(monthLabel('2026-03')).toBe('março de 2026');
    expect(nextMonth('2026-12')).toBe('2027-01');
    expect(nextMonth('2026-09')).toBe('2026-10');
    expect(monthTime('2026-10', '2026-11')).toBe('past');
    expect(monthTime('2026-11', '2026-11')).toBe('current');
    expect(monthTime('2027-01', '2026-11')).toBe('future');
  });

  it('moves aberto → fechado (a month over) → pago, and refuses the rest with a reason', () => {
    expect(commissionMoveRefusal('aberto', 'fechado', 'past')).toBeNull();
    expect(commissionMoveRefusal('fechado', 'pago', 'past')).toBeNull();
    expect(commissionMoveRefusal('aberto', 'fechado', 'current')).toBe(m.monthNotOver);
    expect(commissionMoveRefusal('aberto', 'fechado', 'future')).toBe(m.futureMonth);
    expect(commissionMoveRefusal('aberto', 'pago', 'past')).toBe(m.notClosed);
    expect(commissionMoveRefusal('aberto', 'aberto', 'past')).toBe(m.alreadyOpen);
    expect(commissionMoveRefusal('fechado', 'fechado', 'past')).toBe(m.notOpen);
    expect(commissionMoveRefusal('fechado', 'aberto', 'past')).toBe(m.reopen);
    for (const to of ['aberto', 'fechado', 'pago'] as const)
      expect(commissionMoveRefusal('pago', to, 'past')).toBe(m.alreadyPaid);
    expect(commissionStatusInputSchema.safeParse({ status: 'closed' }).error?.issues[0]?.message).toBe(m.badStatus);
  });
});
