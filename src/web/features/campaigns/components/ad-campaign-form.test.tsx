// @vitest-environment jsdom
import type { Campaign } from '@contract/campaigns';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign } from '@web/lib/test-campaign';
import { expectToast, renderApp, signedInClient, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import type { CampaignRefs } from '../lib/refs';
import { CampaignForm } from './campaign-form';

const refs: CampaignRefs = {
  playlists: [{ id: 5, name: 'Promoções' }],
  devices: [],
  groups: [],
  advertisers: [
    { id: 7, name: 'Ótica Visão' },
    { id: 8, name: 'Padaria Sol' },
  ],
};
const saved = (status: number) => (call: ApiCall) => ({ status, body: campaign({ id: 21, ...(call.body as object) }) });
const sent = (api: { calls: ApiCall[] }) => api.calls.filter((c) => c.method !== 'GET');

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** docs/ads.md#ad-campaigns: the campaign form's ad fields, an admin's only. */
describe("the campaign form's ad fields", () => {
  // Some thirty typed keys and four selects: more than the default 5 s on a busy machine.
  it(
    'an ad without advertiser, dates, or with a goal of 0 shows the pt-BR messages and sends nothing; then it is created',
    { timeout: 20_000 },
    async () => {
      const api = await startApi({ 'POST /api/campaigns': saved(201) });
      const { history } = renderApp(<CampaignForm {...refs} timeZone="America/Sao_Paulo" />, {
        path: '/campaigns/new',
        client: signedInClient('admin'),
      });
      const user = userEvent.setup({ delay: null });
      expect(screen.queryByLabelText('Número de exibições')).toBeNull();
      await user.click(screen.getByRole('radio', { name: 'Anúncio' }));
      expect(screen.getByText('Obrigatórias num anúncio: o início e o término da veiculação.')).toBeTruthy();
      await user.type(screen.getByLabelText('Nome'), 'Pão de queijo');
      await choose(user, 'Playlist', 'Promoções');
      await user.type(screen.getByLabelText('Número de exibições'), '0');
      await user.type(screen.getByLabelText('Limite por tela por hora'), 'muitas');
      await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
      expect(await screen.findByText('Meta inválida: informe um número de exibições maior que zero')).toBeTruthy();
      expect(screen.getByText('Limite por hora inválido: ao menos 1 exibição por tela por hora')).toBeTruthy();
      expect(screen.getByText('Selecione o anunciante')).toBeTruthy();
      expect(screen.getAllByText('Um anúncio precisa das datas de início e de término da veiculação')).toHaveLength(2);
      expect(screen.getByLabelText('Número de exibições').getAttribute('aria-invalid')).toBe('true');
      expect(sent(api)).toEqual([]);

      await choose(user, 'Anunciante', 'Padaria Sol');
      await choose(user, 'Meta', 'Exibições por hora');
      await user.clear(screen.getByLabelText('Número de exibições'));
      await user.type(screen.getByLabelText('Número de exibições'), '1.200');
      await user.clear(screen.getByLabelText('Limite por tela por hora'));
      await user.type(screen.getByLabelText('Limite por tela por hora'), '4');
      fireEvent.change(screen.getByLabelText('Início'), { target: { value: '2026-06-01T08:00' } });
      fireEvent.change(screen.getByLabelText('Término'), { target: { value: '2026-06-30T22:00' } });
      await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
      await expectToast('Sucesso!', 'Campanha criada com sucesso.');
      expect(api.callsTo('POST', '/api/campaigns')[0]?.body).toMatchObject({
        name: 'Pão de queijo',
        type: 'ad',
        advertiserId: 8,
        goalKind: 'per_hour',
        goalPlays: 1200,
        capPerHour: 4,
        startDate: '2026-06-01T08:00:00-03:00',
        endDate: '2026-06-30T22:00:00-03:00',
        status: 'draft',
      });
      await waitFor(() => expect(history.at(-1)).toBe('/campaigns'));
    },
  );

  it("a server's refusal keeps what was typed and puts its issue under the field", async () => {
    const ad: Campaign = campaign({
      id: 21,
      name: 'Pão de queijo',
      playlistId: 5,
      allDevices: true,
      type: 'ad',
      advertiserId: 7,
      goalKind: 'flight',
      goalPlays: 40,
      capPerHour: 2,
      startDate: '2026-06-01T11:00:00.000Z',
      endDate: '2026-06-30T11:00:00.000Z',
    });
    const api = await startApi({
      'PUT /api/campaigns/21': () => ({
        status: 400,
        body: {
          message: 'Dados inválidos',
          code: 'ADVERTISER_NOT_FOUND',
          issues: [{ path: ['advertiserId'], message: 'Anunciante não encontrado' }],
        },
      }),
    });
    renderApp(<CampaignForm {...refs} campaign={ad} timeZone="America/Sao_Paulo" />, {
      client: signedInClient('admin'),
    });
    expect((screen.getByRole('radio', { name: 'Anúncio' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('combobox', { name: 'Anunciante' }).textContent).toBe('Ótica Visão');
    expect(screen.getByRole('combobox', { name: 'Meta' }).textContent).toBe('Exibições no período');
    const goal = screen.getByLabelText('Número de exibições') as HTMLInputElement;
    expect(goal.value).toBe('40');
    const user = userEvent.setup({ delay: null });
    await user.clear(goal);
    await user.type(goal, '80');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Anunciante não encontrado')).toBeTruthy();
    await expectToast('Erro', 'Dados inválidos');
    expect(goal.value).toBe('80');
    expect(api.callsTo('PUT', '/api/campaigns/21')[0]?.body).toMatchObject({ goalPlays: 80, advertiserId: 7 });
  });

  it('with no advertiser yet, the field says so and links to Anunciantes', async () => {
    await startApi({});
    renderApp(<CampaignForm {...refs} advertisers={[]} timeZone="America/Sao_Paulo" />, {
      client: signedInClient('admin'),
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('radio', { name: 'Anúncio' }));
    expect(screen.getByText(/Nenhum anunciante cadastrado\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cadastre um anunciante' }).getAttribute('href')).toBe('/advertisers');
  });

  it('an emergency made an ad is refused on its priority, Emergência disabled; nothing is sent', async () => {
    const emergency: Campaign = campaign({
      id: 22,
      name: 'Evacuação',
      playlistId: 5,
      allDevices: true,
      priority: 'emergency',
      startDate: '2026-06-01T11:00:00.000Z',
    });
    const api = await startApi({});
    renderApp(<CampaignForm {...refs} campaign={emergency} timeZone="America/Sao_Paulo" />, {
      client: signedInClient('admin'),
    });
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('radio', { name: 'Anúncio' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Um anúncio não pode ser uma campanha de emergência')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'Prioridade' }));
    expect((await screen.findByRole('option', { name: 'Emergência' })).getAttribute('aria-disabled')).toBe('true');
    expect(sent(api)).toEqual([]);
  });

  it("a user sees no type nor ad fields, and an ad's own go back unchanged", async () => {
    const ad: Campaign = campaign({
      id: 21,
      playlistId: 5,
      allDevices: true,
      type: 'ad',
      advertiserId: 7,
      goalKind: 'flight',
      goalPlays: 40,
      capPerHour: 2,
      startDate: '2026-06-01T11:00:00.000Z',
      endDate: '2026-06-30T11:00:00.000Z',
    });
    const api = await startApi({ 'PUT /api/campaigns/21': saved(200) });
    renderApp(<CampaignForm {...refs} campaign={ad} timeZone="America/Sao_Paulo" />, {
      client: signedInClient('user'),
    });
    expect(screen.queryByRole('radio', { name: 'Anúncio' })).toBeNull();
    expect(screen.queryByLabelText('Número de exibições')).toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Campanha atualizada com sucesso.');
    expect(api.callsTo('PUT', '/api/campaigns/21')[0]?.body).toMatchObject({
      type: 'ad',
      advertiserId: 7,
      goalKind: 'flight',
      goalPlays: 40,
      capPerHour: 2,
    });
  });
});
