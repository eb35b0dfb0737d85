import { campaignFormSchema, playsOfText, type CampaignFormValues } from '@contract/campaign-forms';
import type { Campaign } from '@contract/campaigns';
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
    const result = campaignFormSchema.safeParse({ ...newCampaignValues(), name: 'Almoço' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['playlistId', 'Selecione uma playlist'],
    ]);
  });

  it('publishing without a screen is refused on deviceIds', () => {
    const result = campaignFormSchema.safeParse({
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
    const parsed = campaignFormSchema.parse(campaignValues(c));
    expect(parsed).toMatchObject({
      name: 'Almoço',
      description: null,
      deviceIds: [2],
      status: 'published',
      schedule: { weekdays: [1, 2], startTime: '11:30' },
    });
  });

  it("an ad's goal and cap are typed as text: thousands dots read, blank, zero or words refused in pt-BR", () => {
    expect(playsOfText('1.200')).toBe(1200);
    expect(playsOfText(' 40 ')).toBe(40);
    expect(playsOfText('')).toBeNull();
    expect(playsOfText('1,5')).toBe(0);
    const ad: CampaignFormValues = {
      ...newCampaignValues(),
      name: 'Pão de queijo',
      playlistId: 3,
      type: 'ad',
      advertiserId: 7,
      startDate: '2026-06-01T00:00:00-03:00',
      endDate: '2026-06-30T00:00:00-03:00',
    };
    expect(campaignFormSchema.parse({ ...ad, goalPlays: '1.200', capPerHour: '4' })).toMatchObject({
      type: 'ad',
      advertiserId: 7,
      goalKind: 'flight',
      goalPlays: 1200,
      capPerHour: 4,
    });
    const issues = (values: Partial<CampaignFormValues>) =>
      campaignFormSchema.safeParse({ ...ad, ...values }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ goalPlays: '0', capPerHour: 'muitas' })).toEqual([
      ['goalPlays', 'Meta inválida: informe um número de exibições maior que zero'],
      ['capPerHour', 'Limite por hora inválido: ao menos 1 exibição por tela por hora'],
    ]);
    // An ad needs its advertiser, both dates, a goal and a cap, and is never an emergency.
    expect(
      issues({ advertiserId: null, endDate: null, priority: 'emergency', goalPlays: '', capPerHour: '3601' }),
    ).toEqual([
      ['capPerHour', 'Limite por hora inválido: ao menos 1 exibição por tela por hora'],
      ['advertiserId', 'Selecione o anunciante'],
      ['endDate', 'Um anúncio precisa das datas de início e de término da veiculação'],
      ['priority', 'Um anúncio não pode ser uma campanha de emergência'],
      ['goalPlays', 'Meta inválida: informe um número de exibições maior que zero'],
    ]);
  });

  it('back to "Campanha", the ad fields typed are left out; an ad fills the form as text', () => {
    const regular = campaignFormSchema.parse({
      ...newCampaignValues(),
      name: 'Almoço',
      playlistId: 3,
      advertiserId: 7,
      goalPlays: 'abc',
      capPerHour: '0',
    });
    expect(regular).toMatchObject({
      type: 'regular',
      advertiserId: null,
      goalKind: null,
      goalPlays: null,
      capPerHour: null,
    });
    const ad: Campaign = campaign({
      type: 'ad',
      advertiserId: 7,
      goalKind: 'per_hour',
      goalPlays: 12,
      capPerHour: 3,
      allDevices: true,
      startDate: '2026-06-01T03:00:00.000Z',
      endDate: '2026-06-30T03:00:00.000Z',
    });
    const values = campaignValues(ad);
    expect(values).toMatchObject({
      type: 'ad',
      advertiserId: 7,
      goalKind: 'per_hour',
      goalPlays: '12',
      capPerHour: '3',
    });
    expect(campaignFormSchema.parse(values)).toMatchObject({ goalKind: 'per_hour', goalPlays: 12, capPerHour: 3 });
  });

  it('weekday toggles keep the days in order', () => {
    expect(toggleWeekday([1, 3], 2)).toEqual([1, 2, 3]);
    expect(toggleWeekday([1, 2, 3], 2)).toEqual([1, 3]);
  });
});
