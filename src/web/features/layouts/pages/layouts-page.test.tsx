// @vitest-environment jsdom
import { BUILT_IN_LAYOUTS, type Layout } from '@contract/layouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import LayoutsPage from './layouts-page';

const own: Layout = {
  id: 3,
  name: 'Balcão',
  orientation: 'vertical',
  builtIn: false,
  zones: [
    { key: 'topo', name: 'Topo', x: 0, y: 0, width: 100, height: 80, z: 0, fit: 'contain' },
    { key: 'faixa', name: 'Faixa', x: 0, y: 80, width: 100, height: 20, z: 0, fit: 'cover' },
  ],
};

describe('layouts page', () => {
  it('shows the built-ins read-only and the workspace’s layouts as maps; a refused removal says why', async () => {
    let deleteAnswer = { status: 409, body: { code: 'CONFLICT', message: 'O layout está em uso nas telas: Loja 1.' } };
    const api = await startApi({
      'GET /api/layouts': () => ({ status: 200, body: [...BUILT_IN_LAYOUTS, own] }),
      'DELETE /api/layouts/3': () => deleteAnswer,
    });
    renderApp(<LayoutsPage />);
    const builtIns = await screen.findByRole('list', { name: 'Modelos prontos' });
    expect(within(builtIns).getAllByText('Modelo')).toHaveLength(BUILT_IN_LAYOUTS.length);
    expect(within(builtIns).getAllByRole('img', { name: 'Mapa do layout L: Principal, Lateral, Rodapé' })).toHaveLength(
      2,
    );
    expect(within(builtIns).queryAllByRole('button', { name: /^Remover/ })).toEqual([]);
    expect(
      within(builtIns).getAllByRole('link', { name: 'Criar um layout a partir de L' })[0]?.getAttribute('href'),
    ).toBe('/layouts/new?modelo=-4');

    const mine = screen.getByRole('list', { name: 'Layouts do workspace' });
    expect(within(mine).getByRole('img', { name: 'Mapa do layout Balcão: Topo, Faixa' })).toBeTruthy();
    expect(within(mine).getByText('Vertical · 2 zonas')).toBeTruthy();
    expect(within(mine).getByRole('link', { name: 'Editar o layout Balcão' }).getAttribute('href')).toBe('/layouts/3');

    const user = userEvent.setup();
    await user.click(within(mine).getByRole('button', { name: 'Remover o layout Balcão' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));
    await expectToast('Erro', 'O layout está em uso nas telas: Loja 1.');

    deleteAnswer = { status: 204, body: undefined as never };
    await user.click(within(mine).getByRole('button', { name: 'Remover o layout Balcão' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remover' }));
    await expectToast('Sucesso!', 'Layout removido.');
    expect(api.callsTo('DELETE', '/api/layouts/3')).toHaveLength(2);
    await waitFor(() => expect(api.callsTo('GET', '/api/layouts').length).toBeGreaterThan(1));
  });
});
