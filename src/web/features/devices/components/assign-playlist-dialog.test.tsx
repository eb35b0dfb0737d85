// @vitest-environment jsdom
import type { Playlist } from '@contract/playlists';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { AssignPlaylistDialog } from './assign-playlist-dialog';
import { aDevice } from '@web/test/device-fixture';

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
const playlists = { data: [playlist(3, 'Promoções'), playlist(5, 'Almoço')], isPending: false };
const device = aDevice({ name: 'TV Vitrine', layout: 'dual' });
const saved = (call: ApiCall) => ({ status: 200, body: { ...device, ...(call.body as object) } });

async function pick(user: ReturnType<typeof userEvent.setup>, picker: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: picker }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('assign playlist dialog', () => {
  it('a two-window device needs a playlist for each window (the toast of the spec), then sends both', async () => {
    const api = await startApi({ 'PATCH /api/devices/12': saved });
    let closed = 0;
    renderApp(<AssignPlaylistDialog device={device} playlists={playlists} onClose={() => (closed += 1)} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Selecione duas playlists para as janelas do dispositivo.')).toBeTruthy();
    const user = userEvent.setup();
    await pick(user, 'Playlist Janela 1', 'Almoço');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Erro', 'Dispositivos com 2 janelas devem ter duas playlists selecionadas.');
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await pick(user, 'Playlist Janela 2', 'Promoções');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Playlist atribuída', 'A playlist foi atribuída ao dispositivo com sucesso.');
    expect(api.callsTo('PATCH', '/api/devices/12').map((c) => c.body)).toEqual([
      { assignedPlaylistId1: 5, assignedPlaylistId2: 3 },
    ]);
    await waitFor(() => expect(closed).toBe(1));
  });

  it('a one-window device may be left with no playlist; the picker searches by name', async () => {
    const api = await startApi({ 'PATCH /api/devices/12': saved });
    renderApp(
      <AssignPlaylistDialog
        device={{ ...device, layout: 'single', assignedPlaylistId1: 3 }}
        playlists={playlists}
        onClose={() => undefined}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Playlist' }));
    await user.type(screen.getByRole('combobox', { name: 'Buscar playlist' }), 'zzz');
    expect(screen.getByText('Nenhuma playlist encontrada')).toBeTruthy();
    await user.clear(screen.getByRole('combobox', { name: 'Buscar playlist' }));
    await user.click(await screen.findByRole('option', { name: 'Nenhuma playlist' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Playlist atribuída', 'A playlist foi atribuída ao dispositivo com sucesso.');
    expect(api.callsTo('PATCH', '/api/devices/12').map((c) => c.body)).toEqual([
      { assignedPlaylistId1: null, assignedPlaylistId2: null },
    ]);
  });
});
