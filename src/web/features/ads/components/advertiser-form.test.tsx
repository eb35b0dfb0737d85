// @vitest-environment jsdom
import type { Advertiser } from '@contract/ads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, signedInClient, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import AdvertisersPage from '../pages/advertisers-page';

const padaria: Advertiser = {
  id: 3,
  userId: 1,
  name: 'Padaria Pão Quente',
  document: '52998224725',
  contactEmail: 'contato@paoquente.com.br',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const created = (call: ApiCall) => ({ status: 201, body: { ...padaria, id: 4, ...(call.body as object) } });

/** docs/ads.md#pages: Anunciantes, its list and its form. */
describe('the Anunciantes page', () => {
  it('lists the advertisers with the CPF/CNPJ punctuated; a user is told the page is for admins', async () => {
    await startApi({ 'GET /api/advertisers': () => ({ status: 200, body: [padaria] }) });
    const view = renderApp(<AdvertisersPage />, { client: signedInClient('admin') });
    const table = await screen.findByRole('table', { name: 'Anunciantes' });
    const cells = [...within(table).getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 3)).toEqual(['Padaria Pão Quente', '529.982.247-25', 'contato@paoquente.com.br']);
    view.unmount();
    renderApp(<AdvertisersPage />, { client: signedInClient('user') });
    expect(screen.getByRole('heading', { name: 'Acesso Negado' })).toBeTruthy();
    expect(screen.getByText('Apenas administradores podem cadastrar anunciantes e parceiros.')).toBeTruthy();
  });

  it('refuses a CNPJ with wrong check digits in Portuguese, sends nothing, then creates with the digits only', async () => {
    const api = await startApi({
      'GET /api/advertisers': () => ({ status: 200, body: [] }),
      'POST /api/advertisers': created,
    });
    renderApp(<AdvertisersPage />, { client: signedInClient('admin') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Novo anunciante' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nome'), 'Ótica Visão');
    await user.type(within(dialog).getByLabelText('CPF ou CNPJ'), '11.222.333/0001-82');
    await user.type(within(dialog).getByLabelText('Email de contato'), 'vendas@otica.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(await within(dialog).findByText('CPF ou CNPJ inválido: confira os números')).toBeTruthy();
    expect(api.callsTo('POST', '/api/advertisers')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('CPF ou CNPJ'));
    await user.type(within(dialog).getByLabelText('CPF ou CNPJ'), '11.222.333/0001-81');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await expectToast('Sucesso!', 'Anunciante cadastrado.');
    expect(api.callsTo('POST', '/api/advertisers').map((c) => c.body)).toEqual([
      { name: 'Ótica Visão', document: '11222333000181', contactEmail: 'vendas@otica.com.br' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a refused edit keeps the dialog and what was typed, with the server’s message; removal asks first', async () => {
    const api = await startApi({
      'GET /api/advertisers': () => ({ status: 200, body: [padaria] }),
      'PUT /api/advertisers/3': () => ({
        status: 400,
        body: {
          message: 'Email de contato inválido',
          code: 'VALIDATION_ERROR',
          issues: [{ path: ['contactEmail'], message: 'Email de contato inválido' }],
        },
      }),
      'DELETE /api/advertisers/3': () => ({ status: 204 }),
    });
    renderApp(<AdvertisersPage />, { client: signedInClient('admin') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Editar Padaria Pão Quente' }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByLabelText('Nome') as HTMLInputElement;
    expect((within(dialog).getByLabelText('CPF ou CNPJ') as HTMLInputElement).value).toBe('529.982.247-25');
    await user.clear(name);
    await user.type(name, 'Padaria Nova');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Erro', 'Email de contato inválido');
    expect(within(dialog).getByText('Email de contato inválido')).toBeTruthy();
    expect(name.value).toBe('Padaria Nova');
    expect(api.callsTo('PUT', '/api/advertisers/3')[0]?.body).toMatchObject({ document: '52998224725' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await user.click(screen.getByRole('button', { name: 'Remover Padaria Pão Quente' }));
    const confirm = screen.getByRole('alertdialog');
    expect(within(confirm).getByText('Tem certeza que deseja remover este anunciante?')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/advertisers/3')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await expectToast('Sucesso!', 'Anunciante removido.');
    expect(api.callsTo('DELETE', '/api/advertisers/3')).toHaveLength(1);
  });
});
