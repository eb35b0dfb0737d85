// @vitest-environment jsdom
import type { Partner } from '@contract/ads';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, signedInClient, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { DEVICES_QUERY_KEY, deviceQueryKey } from '@web/lib/query-keys';
import { aDevice } from '@web/test/device-fixture';
import PartnersPage from '../pages/partners-page';

const shopping: Partner = {
  id: 8,
  userId: 1,
  name: 'Shopping Centro',
  document: '11222333000181',
  contactName: 'Marta',
  contactEmail: null,
  commissionPercent: 12.5,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** docs/ads.md#pages: Parceiros, its list and its form. */
describe('the Parceiros page', () => {
  it('lists the partners, the commission pt-BR style', async () => {
    await startApi({ 'GET /api/partners': () => ({ status: 200, body: [shopping] }) });
    renderApp(<PartnersPage />, { client: signedInClient('admin') });
    const table = await screen.findByRole('table', { name: 'Parceiros' });
    const cells = [...within(table).getAllByRole('row')[1]!.querySelectorAll('td')].map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['Shopping Centro', '11.222.333/0001-81', 'Marta', '—', '12,5 %']);
  });

  it('refuses a bad CNPJ, a missing one and a commission over 100 %, then sends the commission as a number', async () => {
    const api = await startApi({
      'GET /api/partners': () => ({ status: 200, body: [] }),
      'POST /api/partners': (call: ApiCall) => ({ status: 201, body: { ...shopping, ...(call.body as object) } }),
    });
    renderApp(<PartnersPage />, { client: signedInClient('admin') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Novo parceiro' }));
    const dialog = screen.getByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Cadastrar' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Rede Sul');
    await user.type(within(dialog).getByLabelText('Comissão padrão (%)'), '100,5');
    await user.click(submit);
    expect(await within(dialog).findByText('CPF ou CNPJ do parceiro é obrigatório')).toBeTruthy();
    expect(within(dialog).getByText('Comissão inválida: de 0 a 100 %, com até 2 casas decimais')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('CPF ou CNPJ'), '04.252.011/0001-11');
    await user.click(submit);
    expect(await within(dialog).findByText('CPF ou CNPJ inválido: confira os números')).toBeTruthy();
    expect(api.callsTo('POST', '/api/partners')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('CPF ou CNPJ'));
    await user.type(within(dialog).getByLabelText('CPF ou CNPJ'), '04.252.011/0001-10');
    await user.clear(within(dialog).getByLabelText('Comissão padrão (%)'));
    await user.type(within(dialog).getByLabelText('Comissão padrão (%)'), '7,25');
    await user.type(within(dialog).getByLabelText('Contato'), 'João');
    await user.click(submit);
    await expectToast('Sucesso!', 'Parceiro cadastrado.');
    expect(api.callsTo('POST', '/api/partners').map((c) => c.body)).toEqual([
      {
        name: 'Rede Sul',
        document: '04252011000110',
        contactName: 'João',
        contactEmail: null,
        commissionPercent: 7.25,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('editing opens with the commission as typed text and a server refusal keeps the dialog', async () => {
    const api = await startApi({
      'GET /api/partners': () => ({ status: 200, body: [shopping] }),
      'PUT /api/partners/8': () => ({ status: 404, body: { message: 'Parceiro não encontrado', code: 'NOT_FOUND' } }),
    });
    renderApp(<PartnersPage />, { client: signedInClient('admin') });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Editar Shopping Centro' }));
    const dialog = screen.getByRole('dialog');
    expect((within(dialog).getByLabelText('Comissão padrão (%)') as HTMLInputElement).value).toBe('12,5');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await expectToast('Erro', 'Parceiro não encontrado');
    expect(api.callsTo('PUT', '/api/partners/8')[0]?.body).toMatchObject({ commissionPercent: 12.5 });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("removal asks first, then marks the cached devices stale: the partner's screens have none now", async () => {
    const api = await startApi({
      'GET /api/partners': () => ({ status: 200, body: [shopping] }),
      'DELETE /api/partners/8': () => ({ status: 204 }),
    });
    const client = signedInClient('admin');
    client.setQueryData(DEVICES_QUERY_KEY, [aDevice({ partnerId: 8 })]);
    client.setQueryData(deviceQueryKey(12), aDevice({ partnerId: 8 }));
    renderApp(<PartnersPage />, { client });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Remover Shopping Centro' }));
    const confirm = screen.getByRole('alertdialog');
    expect(
      within(confirm).getByText('Tem certeza que deseja remover este parceiro? As telas dele ficam sem parceiro.'),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Remover' }));
    await expectToast('Sucesso!', 'Parceiro removido.');
    expect(api.callsTo('DELETE', '/api/partners/8')).toHaveLength(1);
    expect(client.getQueryState(DEVICES_QUERY_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(deviceQueryKey(12))?.isInvalidated).toBe(true);
  });
});
