import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatDate,
  formatDateAndTime,
  formatDuration,
  formatLongDate,
  formatMegabytes,
  formatPercent,
  formatQuota,
  formatRelativeTime,
} from './format';

describe('formatCount', () => {
  it('writes what toLocaleString("pt-BR") writes for whole numbers', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1.000');
    expect(formatCount(20000)).toBe('20.000');
    expect(formatCount(1234567)).toBe('1.234.567');
    for (const n of [
      0,
      7,
      42,
      999,
      1000,
      1001,
      12345,
      100000,
      999999,
      5000000,
      -1,
      -1234,
      -987654,
      Number.MAX_SAFE_INTEGER,
      0.5,
      1234.5,
      NaN,
      Infinity,
    ]) {
      expect(formatCount(n), String(n)).toBe(n.toLocaleString('pt-BR'));
    }
  });
});

describe('formatBytes', () => {
  it('uses base 1024 and two decimals above bytes', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1,00 KB');
    expect(formatBytes(1536)).toBe('1,50 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5,00 MB');
    expect(formatBytes(1024 ** 3)).toBe('1,00 GB');
    expect(formatBytes(2.25 * 1024 ** 3)).toBe('2,25 GB');
  });

  it('stays in GB above a terabyte', () => {
    expect(formatBytes(2048 * 1024 ** 3)).toBe('2.048,00 GB');
  });

  it('treats missing, negative and invalid sizes as zero', () => {
    expect(formatBytes(undefined)).toBe('0 B');
    expect(formatBytes(null)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
    expect(formatBytes(Number.NaN)).toBe('0 B');
  });
});

describe('formatMegabytes, formatQuota and formatPercent', () => {
  it('always shows MB with two decimals', () => {
    expect(formatMegabytes(1024 * 1024 * 1.5)).toBe('1,50 MB');
    expect(formatMegabytes(2048)).toBe('0,00 MB');
    expect(formatMegabytes(150 * 1024 * 1024)).toBe('150,00 MB');
    expect(formatMegabytes(1500 * 1024 * 1024)).toBe('1.500,00 MB');
    expect(formatMegabytes(undefined)).toBe('0,00 MB');
  });

  it('shows a whole number of GB without decimals', () => {
    expect(formatQuota(1024 ** 3)).toBe('1 GB');
    expect(formatQuota(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatQuota(1.5 * 1024 ** 3)).toBe('1,50 GB');
    expect(formatQuota(500 * 1024 * 1024)).toBe('500,00 MB');
  });

  it('gives a percentage with one decimal', () => {
    expect(formatPercent(12.34 * 1024 * 1024, 1024 ** 3)).toBe('1,2%');
    expect(formatPercent(0, 1024 ** 3)).toBe('0,0%');
    expect(formatPercent(1024 ** 3, 1024 ** 3)).toBe('100,0%');
    expect(formatPercent(5, 0)).toBe('0,0%');
  });
});

describe('formatDuration', () => {
  it('formats seconds as m:ss', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(8)).toBe('0:08');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(600)).toBe('10:00');
    expect(formatDuration(3600)).toBe('60:00');
  });

  it('floors fractions and treats missing values as zero', () => {
    expect(formatDuration(59.9)).toBe('0:59');
    expect(formatDuration(undefined)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});

describe('dates', () => {
  // Built from local parts at noon so the result does not depend on the machine's time zone.
  const nov21 = new Date(2026, 10, 21, 12, 0, 0);
  const jan5 = new Date(2025, 0, 5, 12, 0, 0);

  it('formats the short pt-BR date as dd/mm/aaaa', () => {
    expect(formatDate(nov21)).toBe('21/11/2026');
    expect(formatDate(jan5)).toBe('05/01/2025');
    expect(formatDate(nov21.toISOString())).toBe('21/11/2026');
  });

  it('formats the long pt-BR date', () => {
    expect(formatLongDate(nov21)).toBe('21 de novembro de 2026');
    expect(formatLongDate(jan5)).toBe('5 de janeiro de 2025');
  });

  it('gives an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatLongDate(undefined)).toBe('');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date(2026, 10, 21, 12, 0, 0).getTime();
  const ago = (ms: number) => new Date(now - ms);
  const min = 60_000;

  it('says Agora mesmo under a minute and for future dates', () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Agora mesmo');
    expect(formatRelativeTime(ago(59_999), now)).toBe('Agora mesmo');
    expect(formatRelativeTime(ago(-5 * min), now)).toBe('Agora mesmo');
  });

  it('counts minutes, hours and days, floored', () => {
    expect(formatRelativeTime(ago(min), now)).toBe('Há 1 minuto');
    expect(formatRelativeTime(ago(59 * min + 59_000), now)).toBe('Há 59 minutos');
    expect(formatRelativeTime(ago(60 * min), now)).toBe('Há 1 hora');
    expect(formatRelativeTime(ago(23 * 60 * min), now)).toBe('Há 23 horas');
    expect(formatRelativeTime(ago(24 * 60 * min), now)).toBe('Há 1 dia');
    expect(formatRelativeTime(ago(45 * 24 * 60 * min), now)).toBe('Há 45 dias');
  });

  it('accepts ISO strings and ignores invalid input', () => {
    expect(formatRelativeTime(ago(3 * min).toISOString(), now)).toBe('Há 3 minutos');
    expect(formatRelativeTime(null, now)).toBe('');
  });
});

describe('formatDateAndTime', () => {
  it('writes dd/mm/aaaa and hh:mm:ss on the given time zone', () => {
    expect(formatDateAndTime('2026-11-22T02:05:09.400Z', 'America/Sao_Paulo')).toEqual({
      date: '21/11/2026',
      time: '23:05:09',
    });
    expect(formatDateAndTime('2026-11-22T12:00:00.000Z', 'Asia/Tokyo')).toEqual({
      date: '22/11/2026',
      time: '21:00:00',
    });
    expect(formatDateAndTime('2026-01-05T00:00:00.000Z', 'UTC')).toEqual({ date: '05/01/2026', time: '00:00:00' });
  });

  it("uses the browser's time zone without one, and gives null for nothing", () => {
    const at = new Date(2026, 10, 22, 7, 8, 9);
    expect(formatDateAndTime(at)).toEqual({ date: '22/11/2026', time: '07:08:09' });
    expect(formatDateAndTime(null)).toBeNull();
    expect(formatDateAndTime('not a date')).toBeNull();
  });
});
