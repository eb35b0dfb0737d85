import { describe, expect, it } from 'vitest';
import {
  formatBasisPoints,
  formatBasisPointsInput,
  formatCents,
  formatCentsInput,
  parseBasisPoints,
  parseCents,
} from './money';

describe('reais as integer cents (docs/ads.md#money)', () => {
  it('reads pt-BR amounts digit by digit', () => {
    expect(parseCents('1,50')).toBe(150);
    expect(parseCents('1,5')).toBe(150);
    expect(parseCents('0,10')).toBe(10);
    expect(parseCents('3')).toBe(300);
    expect(parseCents(' R$ 1.234,56 ')).toBe(123456);
    expect(parseCents('R$1.000.000')).toBe(100000000);
    expect(parseCents('007,05')).toBe(705);
    // 0.1 + 0.2 is not 0.3 in floating point; these are digits, so every cent is exact.
    expect(parseCents('0,29')).toBe(29);
    expect(parseCents('1,13')).toBe(113);
    expect(parseCents('4,35')).toBe(435);
    expect(parseCents('9999999999999,99')).toBe(999999999999999);
  });

  it('refuses what is not a pt-BR amount', () => {
    for (const bad of [
      '',
      ' ',
      '1.50',
      '1,505',
      '-1,00',
      '1,',
      ',50',
      'abc',
      '1.2345',
      '1e3',
      'R$ ',
      '12.34,5',
      '99999999999999',
    ])
      expect(parseCents(bad), bad).toBeNull();
  });

  it('writes cents as reais, with thousands dots', () => {
    expect(formatCentsInput(150)).toBe('1,50');
    expect(formatCentsInput(5)).toBe('0,05');
    expect(formatCentsInput(0)).toBe('0,00');
    expect(formatCentsInput(123456789)).toBe('1.234.567,89');
    expect(formatCents(150)).toBe('R$ 1,50');
    expect(formatCents(2147483647)).toBe('R$ 21.474.836,47');
    for (const cents of [0, 1, 10, 99, 100, 150, 123456, 2147483647])
      expect(parseCents(formatCents(cents))).toBe(cents);
  });
});

describe('percentages as integer basis points', () => {
  it('reads up to 2 decimals after a comma or a dot', () => {
    expect(parseBasisPoints('12,5')).toBe(1250);
    expect(parseBasisPoints('7,25 %')).toBe(725);
    expect(parseBasisPoints('12.5')).toBe(1250);
    expect(parseBasisPoints('100')).toBe(10000);
    expect(parseBasisPoints('0,01')).toBe(1);
    expect(parseBasisPoints('150')).toBe(15000);
    for (const bad of ['', '12,345', '-1', '1.000', 'doze', '12,', '1000'])
      expect(parseBasisPoints(bad), bad).toBeNull();
  });

  it('writes them pt-BR style, trailing zeros dropped', () => {
    expect(formatBasisPoints(1250)).toBe('12,5 %');
    expect(formatBasisPoints(725)).toBe('7,25 %');
    expect(formatBasisPoints(1200)).toBe('12 %');
    expect(formatBasisPoints(5)).toBe('0,05 %');
    expect(formatBasisPoints(0)).toBe('0 %');
    expect(formatBasisPointsInput(10000)).toBe('100');
  });
});
