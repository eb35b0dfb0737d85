import { campaignInputSchema } from '@contract/campaigns';
import { describe, expect, it } from 'vitest';
import { campaignValues, fromLocalInput, newCampaignValues, toLocalInput, toggleWeekday } from './campaign-form';
import { campaign } from '@web/lib/test-campaign';

describe('campaign form values', () => {
  it('a datetime-local value is read on the workspace clock and sent with its offset', () => {
    expect(fromLocalInput('2026-06-05T11:30', 'America/Sao_Paulo')).toBe('2026-06-05T11:30:00-03:00');
    // Lisbon: +01:00 in summer, +00:00 in winter.
    expect(fromLocalInput('2026-07-01T09:00', 'Europe/Lisbon')).toBe('2026-07-01T09:00:00+01:00');
    expect(fromLocalInput('2026-01-01T09:00', 'Europe/Lisbon')).toBe('2026-01-01T09:00:00+00:00');
    expect(fromLocalInput('', 'America/Sao_Paulo')).toBeNull();
    expect(fromLocalInput('amanhã', 'America/Sao_Paulo')).toBe('amanhã');
  });

  it('and shown back the same way', () => {
    expect(toLocalInput('2026-06-05T11:30:00-03:00', 'America/Sao_Paulo')).toBe('2026-06-05T11:30');
    expect(toLocalInput('2026-06-05T14:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-06-05T11:30');
    expect(toLocalInput(null, 'America/Sao_Paulo')).toBe('');
    expect(toLocalInput('x', 'America/Sao_Paulo')).toBe('');
  });

  it('a new campaign is a draft for every day; without a playlist the schema says so in pt-BR', () => {
    const result = campaignInputSchema.safeParse({ ...newCampaignValues(), name: 'Almoço' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['playlistId', 'Selecione uma playlist'],
    ]);
  });

  it('publishing without a screen is refused on deviceIds', () => {
    const result = campaignInputSchema.safeParse({
      ...newCampaignValues(),
      name: 'Almoço',
      playlistId: 3,
      status: 'published',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['deviceIds', 'Escolha ao menos um dispositivo ou grupo, ou todas as telas'],
    ]);
  });

  it('an existing campaign fills the form and passes the schema unchanged', () => {
    const c = campaign({
      name: 'Almoço',
      deviceIds: [2],
      schedule: { weekdays: [1, 2], startTime: '11:30', endTime: '14:00' },
      startDate: '2026-06-05T14:30:00.000Z',
    });
    const parsed = campaignInputSchema.parse(campaignValues(c));
    expect(parsed).toMatchObject({
      name: 'Almoço',
      description: null,
      deviceIds: [2],
      status: 'published',
      schedule: { weekdays: [1, 2], startTime: '11:30' },
    });
  });

  it('weekday toggles keep the days in order', () => {
    expect(toggleWeekday([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggleWeekday([1, 2, 3], 2)).toEqual([1, 3]);
  });
});
