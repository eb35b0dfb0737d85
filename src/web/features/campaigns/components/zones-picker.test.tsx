// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign } from '@web/lib/test-campaign';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import type { CampaignRefs } from '../lib/refs';
import { CampaignForm } from './campaign-form';
import { CampaignRow } from './campaign-row';

const refs: CampaignRefs = { playlists: [{ id: 5, name: 'Promoções' }], devices: [], groups: [] };
const layouts = () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, aZoneLayout()] });
const saved = (call: ApiCall) => ({ status: 201, body: campaign({ id: 21, ...(call.body as object) }) });

describe('campaign form: zones', () => {
  it('plays in every zone by default; chosen zones are sent by key, at least one', async () => {
    const api = await startApi({ 'GET /api/layouts': layouts, 'POST /api/campaigns': saved });
    renderApp(<CampaignForm {...refs} timeZone="America/Sao_Paulo" />, { path: '/campaigns/new' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome'), 'Rodapé do almoço');
    await user.click(screen.getByRole('combobox', { name: 'Playlist' }));
    await user.click(await screen.findByRole('option', { name: 'Promoções' }));
    const all = screen.getByRole('checkbox', { name: 'Todas as zonas' });
    expect(all.getAttribute('aria-checked')).toBe('true');
    // The zone keys of every layout, each once, named by their zones (the built-ins' first).
    await screen.findByRole('checkbox', { name: 'Centro / Superior direito / Preços' });
    expect(screen.getByRole('checkbox', { name: 'Rodapé' }).hasAttribute('disabled')).toBe(true);
    await user.click(all);
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    expect(await screen.findByText('Escolha ao menos uma zona, ou todas as zonas.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/campaigns')).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Rodapé' }));
    await user.click(screen.getByRole('checkbox', { name: 'Destaque' }));
    await user.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await expectToast('Sucesso!', 'Campanha criada com sucesso.');
    expect(api.callsTo('POST', '/api/campaigns')[0]?.body).toMatchObject({ zones: ['rodape', 'destaque'] });
  });

  it('an emergency names no zones: the field is not shown', async () => {
    await startApi({ 'GET /api/layouts': layouts });
    renderApp(
      <CampaignForm {...refs} campaign={campaign({ id: 3, priority: 'emergency' })} timeZone="America/Sao_Paulo" />,
    );
    expect(screen.queryByRole('checkbox', { name: 'Todas as zonas' })).toBeNull();
  });

  it('the list shows where a zone-limited campaign plays', async () => {
    await startApi({ 'GET /api/layouts': layouts });
    const noop = () => undefined;
    const row = (id: number, zones: string[] | null) => (
      <CampaignRow
        campaign={campaign({ id, zones })}
        playlistName="Promoções"
        now={Date.parse('2026-06-01T12:00:00Z')}
        timeZone="America/Sao_Paulo"
        statusPending={false}
        onStatus={noop}
        onEnd={noop}
        onRemove={noop}
      />
    );
    renderApp(
      <>
        {row(4, ['principal', 'rodape'])}
        {row(5, null)}
      </>,
    );
    const limited = screen.getByTestId('campaign-row-4');
    await waitFor(() =>
      expect(within(limited).getByTestId('campaign-zones').textContent).toBe('Zonas: Principal, Rodapé'),
    );
    expect(within(screen.getByTestId('campaign-row-5')).queryByTestId('campaign-zones')).toBeNull();
  });
});
