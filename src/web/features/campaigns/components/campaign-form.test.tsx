// @vitest-environment jsdom
import type { Campaign } from '@contract/campaigns';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign } from '@web/lib/test-campaign';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import type { CampaignRefs } from '../lib/refs';
import { CampaignForm } from './campaign-form';

const refs: CampaignRefs = {
  playlists: [
    { id: 3, name: 'Almoço' },
    { id: 5, name: 'Promoções' },
  ],
  devices: [
    {
      id: 9,
      name: 'TV Balcão',
      location: 'Loja Centro',
      layout: 'single',
      groupId: null,
      assignedPlaylistId1: null,
      assignedPlaylistId2: null,
    },
  ],
  groups: [{ id: 4, name: 'Lojas do Centro' }],
};
const saved = (status: number) => (call: ApiCall) => ({ status, body: campaign({ id: 21, ...(call.body as object) }) });

describe('campaign form', () => {
  it('refuses a campaign without a name, a playlist, screens or weekdays, or with equal hours, in Portuguese', async () => {
    const api = await startApi({});
    renderApp(<CampaignForm {...refs} timeZone="America/Sao_Paulo" />, { path: '/campaigns/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Das'), '22:00');
    await user.type(screen.getByLabelText('Até'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Nome da campanha é obrigatório')).toBeTruthy();
    expect(screen.getByText('Selecione uma playlist')).toBeTruthy();
    expect(screen.getByText('O horário de término deve ser diferente do de início')).toBeTruthy();
    // Where it plays is checked once the rest holds (a draft may have no screens yet).
    await user.type(screen.getByLabelText('Nome'), 'Madrugada');
    await user.click(screen.getByRole('combobox', { name: 'Playlist' }));
    await user.click(await screen.findByRole('option', { name: 'Promoções' }));
    await user.clear(screen.getByLabelText('Até'));
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Escolha ao menos um dispositivo ou grupo, ou todas as telas')).toBeTruthy();
    // Every weekday off: at least one is needed.
    for (const day of ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'])
      await user.click(screen.getByRole('button', { name: day }));
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('Escolha ao menos um dia da semana')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('publishes a campaign across midnight on the chosen screens, then returns to the list', async () => {
    const api = await startApi({ 'POST /api/campaigns': saved(201) });
    const { history } = renderApp(<CampaignForm {...refs} timeZone="America/Sao_Paulo" />, { path: '/campaigns/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome'), 'Madrugada');
    await user.click(screen.getByRole('combobox', { name: 'Playlist' }));
    await user.click(await screen.findByRole('option', { name: 'Promoções' }));
    await user.click(screen.getByRole('checkbox', { name: /TV Balcão/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Lojas do Centro' }));
    await user.click(screen.getByRole('button', { name: 'Domingo' }));
    await user.type(screen.getByLabelText('Das'), '22:00');
    await user.type(screen.getByLabelText('Até'), '02:00');
    await user.click(screen.getByRole('button', { name: 'Publicar' }));
    await expectToast('Sucesso!', 'Campanha criada com sucesso.');
    expect(api.callsTo('POST', '/api/campaigns')[0]?.body).toMatchObject({
      name: 'Madrugada',
      playlistId: 5,
      deviceIds: [9],
      groupIds: [4],
      allDevices: false,
      status: 'published',
      priority: 'normal',
      schedule: { weekdays: [1, 2, 3, 4, 5, 6], startTime: '22:00', endTime: '02:00' },
    });
    await waitFor(() => expect(history.at(-1)).toBe('/campaigns'));
  });

  it('editing a published campaign keeps its status on "Salvar"; a server issue lands under its field', async () => {
    const published: Campaign = campaign({ id: 21, name: 'Almoço executivo', playlistId: 3, allDevices: true });
    let refuse = true;
    const api = await startApi({
      'PUT /api/campaigns/21': (call) =>
        refuse
          ? {
              status: 400,
              body: {
                message: 'Dados inválidos',
                code: 'PLAYLIST_NOT_FOUND',
                issues: [{ path: ['playlistId'], message: 'Playlist não encontrada' }],
              },
            }
          : saved(200)(call),
    });
    renderApp(<CampaignForm {...refs} campaign={published} timeZone="America/Sao_Paulo" />);
    expect(screen.queryByRole('button', { name: 'Publicar' })).toBeNull();
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Almoço executivo');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Playlist não encontrada')).toBeTruthy();
    await expectToast('Erro', 'Dados inválidos');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Campanha atualizada com sucesso.');
    expect(api.callsTo('PUT', '/api/campaigns/21').at(-1)?.body).toMatchObject({
      status: 'published',
      allDevices: true,
    });
  });
});
