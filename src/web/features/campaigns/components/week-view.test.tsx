// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { campaign } from '@web/lib/test-campaign';
import { renderApp, startApi } from '@web/test/component-harness';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import type { CampaignRefs } from '../lib/refs';
import { WeekView } from './week-view';

const screenFields = { location: 'Loja Centro', groupId: null, assignedPlaylistId2: null };
const refs: CampaignRefs = {
  playlists: [
    { id: 1, name: 'Vitrine' },
    { id: 2, name: 'Preços do dia' },
    { id: 3, name: 'Letreiro' },
  ],
  devices: [
    // Balcão (aZoneLayout): Principal, Preços, Rodapé, a playlist each (docs/layouts.md#devices).
    {
      ...screenFields,
      id: 9,
      name: 'TV Balcão',
      layout: 'dual',
      assignedPlaylistId1: 1,
      layoutId: 7,
      zonePlaylistIds: [1, 2, 3],
    },
    {
      ...screenFields,
      id: 10,
      name: 'TV Caixa',
      layout: 'single',
      assignedPlaylistId1: 1,
      layoutId: null,
      zonePlaylistIds: [1],
    },
  ],
  groups: [],
};

async function show(campaigns: unknown[], device: string) {
  await startApi({
    'GET /api/campaigns': () => ({ status: 200, body: campaigns }),
    'GET /api/layouts': () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, aZoneLayout()] }),
  });
  renderApp(<WeekView {...refs} />, { path: '/campaigns/semana' });
  const user = userEvent.setup();
  await user.click(screen.getByRole('combobox', { name: 'Tela ou grupo' }));
  await user.click(await screen.findByRole('option', { name: device }));
  return screen.findByRole('table', { name: `Programação da semana de ${device}` });
}

describe('week view: a screen made of zones', () => {
  it('one band per zone, named by the zone: a campaign for "principal" leaves the other zones their playlists', async () => {
    const lunch = campaign({ id: 90, name: 'Almoço', allDevices: true, zones: ['principal'] });
    const table = await show([lunch], 'TV Balcão');
    expect(within(table).getByRole('columnheader', { name: 'Hora e zona' })).toBeTruthy();
    const cell = within(table).getByTestId('week-cell-0-10');
    expect(within(cell).getByTestId('week-band-0-10-principal').textContent).toBe('Almoço');
    expect(within(cell).getByTestId('week-band-0-10-zona-2').textContent).toBe('');
    expect(within(cell).getByTestId('week-band-0-10-rodape').textContent).toBe('');
    expect(cell.getAttribute('title')).toBe('Principal: Almoço | Preços: Preços do dia | Rodapé: Letreiro');
    expect(within(table).getByRole('rowheader', { name: '10h' }).textContent).toBe('10hPrincipalPreçosRodapé');
    expect(within(cell).queryByTestId('week-emergency-0-10')).toBeNull();
    expect(
      screen.getByText(
        'Cada hora tem uma faixa por zona do layout, de cima para baixo: Principal, Preços, Rodapé. Uma emergência ocupa a tela inteira.',
      ),
    ).toBeTruthy();
  });

  it('an emergency is drawn over the whole screen', async () => {
    const emergency = campaign({ id: 91, name: 'Evacuação', allDevices: true, priority: 'emergency' });
    const table = await show([emergency], 'TV Balcão');
    const cell = within(table).getByTestId('week-cell-2-15');
    expect(within(cell).getByTestId('week-emergency-2-15').textContent).toBe('Evacuação');
    expect(cell.getAttribute('title')).toBe('Evacuação');
  });

  it('a Tela Única screen keeps its one band per hour, as before zones', async () => {
    const lunch = campaign({ id: 92, name: 'Almoço', allDevices: true, zones: ['principal'] });
    const table = await show([lunch], 'TV Caixa');
    expect(within(table).getByRole('columnheader', { name: 'Hora' })).toBeTruthy();
    const cell = within(table).getByTestId('week-cell-0-10');
    expect(cell.getAttribute('title')).toBe('Almoço');
    expect(within(cell).queryByTestId('week-band-0-10-janela-1')).toBeNull();
    expect(within(table).getByRole('rowheader', { name: '10h' }).textContent).toBe('10h');
  });
});
