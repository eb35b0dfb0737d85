import { describe, expect, it } from 'vitest';
import {
  datesSummary,
  filterCampaigns,
  formatZoned,
  hoursSummary,
  scheduleSummary,
  targetsSummary,
  weekdaysSummary,
} from './campaign-summary';

const SP = 'America/Sao_Paulo';

describe('campaign summaries', () => {
  it('targets: all screens, devices and groups with plurals, or none', () => {
    expect(targetsSummary({ allDevices: true, deviceIds: [1], groupIds: [] })).toBe('Todas as telas');
    expect(targetsSummary({ allDevices: false, deviceIds: [1, 2, 3], groupIds: [] })).toBe('3 dispositivos');
    expect(targetsSummary({ allDevices: false, deviceIds: [1], groupIds: [4] })).toBe('1 dispositivo e 1 grupo');
    expect(targetsSummary({ allDevices: false, deviceIds: [], groupIds: [4, 5] })).toBe('2 grupos');
    expect(targetsSummary({ allDevices: false, deviceIds: [], groupIds: [] })).toBe('Nenhuma tela');
  });

  it('weekdays: every day, Monday-first ranges of three or more, lists otherwise', () => {
    expect(weekdaysSummary([0, 1, 2, 3, 4, 5, 6])).toBe('Todos os dias');
    expect(weekdaysSummary([1, 2, 3, 4, 5])).toBe('Seg a Sex');
    expect(weekdaysSummary([5, 3, 1])).toBe('Seg, Qua, Sex');
    expect(weekdaysSummary([0, 6])).toBe('Sáb, Dom');
    expect(weekdaysSummary([1, 2, 3, 6])).toBe('Seg a Qua, Sáb');
    expect(weekdaysSummary([4, 5, 6, 0])).toBe('Qui a Dom');
  });

  it('hours and the whole schedule', () => {
    expect(hoursSummary('11:30', '14:00')).toBe('11:30–14:00');
    expect(hoursSummary('18:00', null)).toBe('a partir de 18:00');
    expect(hoursSummary(null, '10:00')).toBe('até 10:00');
    expect(hoursSummary(null, null)).toBe('o dia todo');
    expect(scheduleSummary({ weekdays: [1, 2, 3, 4, 5], startTime: '11:30', endTime: '14:00' })).toBe(
      'Seg a Sex, 11:30–14:00',
    );
    expect(scheduleSummary({ weekdays: [0, 1, 2, 3, 4, 5, 6], startTime: null, endTime: null })).toBe('Todos os dias');
    expect(scheduleSummary({ weekdays: [5], startTime: '22:00', endTime: '02:00' })).toBe('Sex, 22:00–02:00');
  });

  it('dates on the workspace clock, whatever the offset they were sent with', () => {
    expect(formatZoned('2026-06-05T14:30:00.000Z', SP)).toBe('05/06/2026 11:30');
    expect(formatZoned('2026-06-05T02:00:00.000Z', SP)).toBe('04/06/2026 23:00');
    expect(formatZoned('2026-06-05T14:30:00.000Z', 'Europe/Lisbon')).toBe('05/06/2026 15:30');
    expect(datesSummary('2026-06-01T11:00:00.000Z', '2026-06-30T21:00:00.000Z', SP)).toBe(
      '01/06/2026 08:00 até 30/06/2026 18:00',
    );
    expect(datesSummary('2026-06-01T11:00:00.000Z', null, SP)).toBe('A partir de 01/06/2026 08:00');
    expect(datesSummary(null, '2026-06-30T21:00:00.000Z', SP)).toBe('Até 30/06/2026 18:00');
    expect(datesSummary(null, null, SP)).toBe('Sem datas definidas');
  });

  it('search by name ignores case and accents', () => {
    const list = [{ name: 'Promoção de Inverno' }, { name: 'Almoço' }];
    expect(filterCampaigns(list, 'PROMOCAO')).toEqual([{ name: 'Promoção de Inverno' }]);
    expect(filterCampaigns(list, '  ')).toEqual(list);
    expect(filterCampaigns(list, 'xyz')).toEqual([]);
  });
});
