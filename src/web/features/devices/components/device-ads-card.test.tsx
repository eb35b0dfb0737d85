// @vitest-environment jsdom
import type { Partner } from '@contract/ads';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, signedInClient, startApi, type ApiCall } from '@web/test/component-harness';
import { aDevice } from '@web/test/device-fixture';
import { describe, expect, it } from 'vitest';
import { DeviceForm } from './device-form';

const partners: Partner[] = [5, 6].map((id) => ({
  id,
  userId: 1,
  name: id === 5 ? 'Shopping Centro' : 'Rede Sul',
  document: '11222333000181',
  contactName: null,
  contactEmail: null,
  commissionPercent: 20,
  createdAt: '2026-01-01T00:00:00.000Z',
}));
const device = aDevice({ partnerId: 5, pricePerPlayCents: 150, audiencePerPlay: 40 });
const NoDialog = () => null;
const saved = (call: ApiCall) => ({ status: 200, body: { ...device, ...(call.body as object) } });

function renderForm(role: 'admin' | 'user') {
  return renderApp(<DeviceForm mode="edit" device={device} groups={[]} GroupsDialog={NoDialog} partners={partners} />, {
    client: signedInClient(role),
  });
}

/** docs/ads.md#pages: the device form's "Anúncios" card. */
describe("the device form's Anúncios card", () => {
  it('an admin sees the partner, price and audience as text; a price with a dot for decimals is refused, nothing sent', async () => {
    const api = await startApi({ 'PUT /api/devices/12': saved });
    renderForm('admin');
    const price = screen.getByLabelText('Preço por exibição (R$)') as HTMLInputElement;
    const audience = screen.getByLabelText('Público por exibição') as HTMLInputElement;
    expect(price.value).toBe('1,50');
    expect(audience.value).toBe('40');
    expect(screen.getByRole('combobox', { name: 'Parceiro' }).textContent).toBe('Shopping Centro');

    const user = userEvent.setup({ delay: null });
    await user.clear(price);
    await user.type(price, '1.50');
    await user.clear(audience);
    await user.type(audience, 'muitos');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Preço por exibição inválido: informe em reais, como 1,50')).toBeTruthy();
    expect(screen.getByText('Audiência por exibição inválida: informe um número inteiro de 0 em diante')).toBeTruthy();
    expect(api.callsTo('PUT', '/api/devices/12')).toEqual([]);
  });

  it('an admin saves them as an id, integer cents and an integer', async () => {
    const api = await startApi({ 'PUT /api/devices/12': saved });
    renderForm('admin');
    const price = screen.getByLabelText('Preço por exibição (R$)');
    const audience = screen.getByLabelText('Público por exibição');
    const user = userEvent.setup({ delay: null });
    await user.clear(price);
    await user.type(price, '1.234,10');
    await user.clear(audience);
    await user.type(audience, '1.200');
    await user.click(screen.getByRole('combobox', { name: 'Parceiro' }));
    await user.click(await screen.findByRole('option', { name: 'Rede Sul' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Dispositivo atualizado com sucesso.');
    expect(api.callsTo('PUT', '/api/devices/12')[0]?.body).toMatchObject({
      partnerId: 6,
      pricePerPlayCents: 123410,
      audiencePerPlay: 1200,
    });
  });

  it("the server's refusal of a partner shows under Parceiro, not only in the toast", async () => {
    const message = 'Parceiro não encontrado';
    await startApi({
      'PUT /api/devices/12': () => ({
        status: 400,
        body: { message, code: 'PARTNER_NOT_FOUND', issues: [{ path: ['partnerId'], message }] },
      }),
    });
    renderForm('admin');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Erro', message);
    const field = screen.getByRole('combobox', { name: 'Parceiro' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(message).length).toBeGreaterThanOrEqual(2);
  });

  it('"Nenhum" and blank fields send nulls', async () => {
    const api = await startApi({ 'PUT /api/devices/12': saved });
    renderForm('admin');
    const user = userEvent.setup({ delay: null });
    await user.clear(screen.getByLabelText('Preço por exibição (R$)'));
    await user.clear(screen.getByLabelText('Público por exibição'));
    await user.click(screen.getByRole('combobox', { name: 'Parceiro' }));
    await user.click(await screen.findByRole('option', { name: 'Nenhum' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/devices/12')[0]?.body).toMatchObject({
        partnerId: null,
        pricePerPlayCents: null,
        audiencePerPlay: null,
      }),
    );
  });

  it("a user sees no such card and sends none of the three, so the server keeps the device's", async () => {
    const api = await startApi({ 'PUT /api/devices/12': saved });
    renderForm('user');
    expect(screen.queryByText('Anúncios')).toBeNull();
    expect(screen.queryByLabelText('Preço por exibição (R$)')).toBeNull();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Dispositivo atualizado com sucesso.');
    const body = api.callsTo('PUT', '/api/devices/12')[0]?.body as object;
    expect(Object.keys(body)).not.toContain('partnerId');
    expect(Object.keys(body)).not.toContain('pricePerPlayCents');
    expect(Object.keys(body)).not.toContain('audiencePerPlay');
  });
});
