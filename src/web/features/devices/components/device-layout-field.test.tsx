// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS } from '@contract/layouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { aDevice } from '@web/test/device-fixture';
import { aZoneLayout } from '@web/test/layout-fixture';
import { describe, expect, it } from 'vitest';
import { DeviceForm } from './device-form';

const NoDialog = () => null;
const balcao = aZoneLayout();
const vertical = aZoneLayout({ id: 8, name: 'Totem', orientation: 'vertical' });
const layouts = () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, balcao, vertical] });
const layoutSelect = () => screen.getByRole('combobox', { name: 'Layout' });

describe('device form: layout', () => {
  it('offers every layout of the orientation, Tela Única and Tela Dupla first; a zone layout is sent by its id', async () => {
    const device = aDevice();
    const api = await startApi({
      'GET /api/layouts': layouts,
      'PUT /api/devices/12': (call: ApiCall) => ({ status: 200, body: { ...device, ...(call.body as object) } }),
    });
    renderApp(<DeviceForm mode="edit" device={device} groups={[]} GroupsDialog={NoDialog} />);
    expect(layoutSelect().textContent).toBe('Tela Única');
    const user = userEvent.setup();
    await user.click(layoutSelect());
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Balcão'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tela Única',
      'Tela Dupla',
      'Principal + rodapé',
      'L',
      'Imagem na imagem',
      'Três colunas',
      'Quatro quadrantes',
      'Balcão',
    ]);
    // Each option draws its layout (hidden from assistive technology: the name says it).
    expect(within(screen.getByRole('option', { name: 'Balcão' })).getByTestId('layout-map')).toBeTruthy();
    await user.click(screen.getByRole('option', { name: 'Balcão' }));
    expect(layoutSelect().textContent).toBe('Balcão');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Dispositivo atualizado com sucesso.');
    expect(api.callsTo('PUT', '/api/devices/12').at(-1)?.body).toMatchObject({ layout: 'dual', layoutId: 7 });
  });

  it('Tela Dupla is sent as before zones; another orientation sends a zone layout back to Tela Única', async () => {
    const device = aDevice({ layoutId: 7, layout: 'dual', zonePlaylistIds: [null, null, null] });
    const api = await startApi({
      'GET /api/layouts': layouts,
      'PUT /api/devices/12': (call: ApiCall) => ({ status: 200, body: { ...device, ...(call.body as object) } }),
    });
    renderApp(<DeviceForm mode="edit" device={device} groups={[]} GroupsDialog={NoDialog} />);
    await waitFor(() => expect(layoutSelect().textContent).toBe('Balcão'));
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Orientação' }));
    await user.click(await screen.findByRole('option', { name: 'Vertical' }));
    expect(layoutSelect().textContent).toBe('Tela Única');
    await user.click(layoutSelect());
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toContain('Totem');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).not.toContain('Balcão');
    await user.click(screen.getByRole('option', { name: 'Tela Dupla' }));
    // Tela Dupla exists in both orientations: going back to horizontal keeps it.
    await user.click(screen.getByRole('combobox', { name: 'Orientação' }));
    await user.click(await screen.findByRole('option', { name: 'Horizontal' }));
    expect(layoutSelect().textContent).toBe('Tela Dupla');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Dispositivo atualizado com sucesso.');
    expect(api.callsTo('PUT', '/api/devices/12').at(-1)?.body).toMatchObject({ layout: 'dual', layoutId: null });
  });
});
