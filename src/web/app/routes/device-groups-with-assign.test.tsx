// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import type { Playlist } from '@contract/playlists';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { aDevice } from '@web/test/device-fixture';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { DeviceGroupsDialogWithAssign } from './device-groups-with-assign';

const playlist = (id: number, name: string): Playlist => ({
  id,
  userId: 1,
  name,
  description: null,
  startDate: null,
  durationDays: 0,
  totalSize: 0,
  items: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const group = { id: 4, userId: 1, name: 'Lojas', description: null, createdAt: '2026-01-01T00:00:00.000Z' };

async function pick(user: ReturnType<typeof userEvent.setup>, picker: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: picker }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('groups dialog: a layout for the whole group', () => {
  it('keeps each screen’s layout by default; a chosen layout sends its id and a playlist per zone', async () => {
    const api = await startApi({
      'GET /api/device-groups': () => ({ status: 200, body: [group] }),
      'GET /api/devices': () => ({
        status: 200,
        body: [aDevice({ id: 1, groupId: 4 }), aDevice({ id: 2, groupId: 4, layout: 'dual' })],
      }),
      'GET /api/playlists': () => ({ status: 200, body: [playlist(3, 'Promoções'), playlist(5, 'Almoço')] }),
      'GET /api/layouts': () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, aZoneLayout()] }),
      'POST /api/device-groups/4/assign': () => ({ status: 200, body: { updated: 2 } }),
    });
    renderApp(<DeviceGroupsDialogWithAssign open onOpenChange={() => undefined} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Atribuir playlist ao grupo Lojas' }));
    const layout = await screen.findByRole('combobox', { name: 'Layout' });
    expect(layout.textContent).toBe('Manter o layout de cada tela');
    // As before zones: a dual screen in the group asks for both windows.
    expect(screen.getByRole('combobox', { name: 'Playlist Janela 2' })).toBeTruthy();

    await user.click(layout);
    await user.click(await screen.findByRole('option', { name: 'Balcão' }));
    const zones = screen.getByTestId('zone-playlists');
    expect(within(zones).getByRole('img', { name: 'Mapa do layout Balcão: Principal, Preços, Rodapé' })).toBeTruthy();
    await pick(user, 'Playlist Principal', 'Almoço');
    await pick(user, 'Playlist Preços', 'Promoções');
    await user.click(screen.getByRole('button', { name: 'Atribuir' }));
    await expectToast(
      'Erro',
      'Escolha uma playlist para a zona "Rodapé" de "Lojas": telas com várias zonas precisam de uma playlist em cada zona.',
    );
    expect(api.callsTo('POST', '/api/device-groups/4/assign')).toEqual([]);
    await pick(user, 'Playlist Rodapé', 'Promoções');
    await user.click(screen.getByRole('button', { name: 'Atribuir' }));
    await expectToast('Playlist atribuída');
    expect(api.callsTo('POST', '/api/device-groups/4/assign').map((c) => c.body)).toEqual([
      { layoutId: 7, zonePlaylistIds: [5, 3, 3] },
    ]);
  });
});
