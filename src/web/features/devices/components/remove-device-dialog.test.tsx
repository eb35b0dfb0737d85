// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEVICES_QUERY_KEY } from '@web/lib/query-keys';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { RemoveDeviceDialog } from './remove-device-dialog';
import { aDevice } from '@web/test/device-fixture';

const device = aDevice();

describe('device removal dialog', () => {
  it('shows what is removed and what follows, then removes it and marks the device list for a refresh', async () => {
    const api = await startApi({ 'DELETE /api/devices/12': () => ({ status: 204 }) });
    let closed = 0;
    const { queryClient } = renderApp(<RemoveDeviceDialog device={device} onClose={() => (closed += 1)} />);
    queryClient.setQueryData(DEVICES_QUERY_KEY, [device]);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Remover Dispositivo' })).toBeTruthy();
    expect(within(dialog).getByText('Esta ação não pode ser desfeita.')).toBeTruthy();
    for (const text of ['TV Recepção', 'Loja Centro', '482913', 'Ao remover este dispositivo:'])
      expect(within(dialog).getByText(text)).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Ele será desconectado imediatamente.',
      'Todas as configurações serão perdidas.',
      'O histórico de atividades será mantido.',
      'As playlists atribuídas serão desvinculadas.',
    ]);
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Remover Dispositivo' }));
    await expectToast('Dispositivo removido', 'O dispositivo foi removido com sucesso.');
    expect(closed).toBe(1);
    expect(api.callsTo('DELETE', '/api/devices/12')).toHaveLength(1);
    // The list is to be read again (no page shows it here, so nothing refetches yet).
    await waitFor(() => expect(queryClient.getQueryState(DEVICES_QUERY_KEY)?.isInvalidated).toBe(true));
  });

  it('a failure keeps the dialog open with the failure toast', async () => {
    await startApi({
      'DELETE /api/devices/12': () => ({ status: 500, body: { message: 'Erro interno do servidor' } }),
    });
    let closed = 0;
    renderApp(<RemoveDeviceDialog device={device} onClose={() => (closed += 1)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remover Dispositivo' }));
    await expectToast('Erro ao remover', 'Erro interno do servidor');
    expect(closed).toBe(0);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
  });
});
