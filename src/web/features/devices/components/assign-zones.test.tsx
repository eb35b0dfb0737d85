// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import type { Playlist } from '@contract/playlists';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { aDevice } from '@web/test/device-fixture';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { AssignPlaylistDialog } from './assign-playlist-dialog';

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
const playlists = { data: [playlist(3, 'Promoções'), playlist(5, 'Almoço'), playlist(6, 'Preços')], isPending: false };
const device = aDevice({ name: 'TV Balcão', layout: 'dual', layoutId: 7, zonePlaylistIds: [5, null, null] });

async function pick(user: ReturnType<typeof userEvent.setup>, picker: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: picker }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('assign playlist dialog: zones', () => {
  it('shows the layout’s map and a picker per zone; every zone needs a playlist; sends zonePlaylistIds', async () => {
    let refuse = true;
    const api = await startApi({
      'GET /api/layouts': () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, aZoneLayout()] }),
      'PATCH /api/devices/12': (call: ApiCall) =>
        refuse
          ? { status: 400, body: { code: 'VALIDATION_ERROR', message: 'A playlist 6 não existe mais.' } }
          : { status: 200, body: { ...device, ...(call.body as object) } },
    });
    let closed = 0;
    renderApp(<AssignPlaylistDialog device={device} playlists={playlists} onClose={() => (closed += 1)} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Selecione uma playlist para cada zona do layout da tela.')).toBeTruthy();
    expect(await within(dialog).findByRole('img', { name: 'Mapa do layout Balcão: Principal, Preços, Rodapé' }));
    expect(within(dialog).getByText('Balcão · 3 zonas')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Playlist Principal' }).textContent).toBe('Almoço');
    const user = userEvent.setup();
    await pick(user, 'Playlist Preços', 'Preços');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast(
      'Erro',
      'Escolha uma playlist para a zona "Rodapé" de "TV Balcão": telas com várias zonas precisam de uma playlist em cada zona.',
    );
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);

    await pick(user, 'Playlist Rodapé', 'Promoções');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    // The server's refusal shows in its own words, and the dialog stays open.
    await expectToast('Erro ao atribuir', 'A playlist 6 não existe mais.');
    expect(closed).toBe(0);
    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Playlist atribuída', 'A playlist foi atribuída ao dispositivo com sucesso.');
    expect(api.callsTo('PATCH', '/api/devices/12').map((c) => c.body)).toEqual([
      { zonePlaylistIds: [5, 6, 3] },
      { zonePlaylistIds: [5, 6, 3] },
    ]);
    await waitFor(() => expect(closed).toBe(1));
  });

  it('Tela Dupla keeps its two windows and its texts', async () => {
    await startApi({ 'GET /api/layouts': () => ({ status: 200, body: BUILT_IN_LAYOUTS }) });
    renderApp(
      <AssignPlaylistDialog
        device={aDevice({ layout: 'dual', zonePlaylistIds: [null, null] })}
        playlists={playlists}
        onClose={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('2 Janelas')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Playlist Janela 1' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Playlist Janela 2' })).toBeTruthy();
    expect(within(dialog).queryByTestId('zone-playlists')).toBeNull();
  });
});
