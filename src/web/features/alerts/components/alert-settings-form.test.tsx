// @vitest-environment jsdom
import type { AlertSettings } from '@contract/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { AlertSettingsForm } from './alert-settings-form';

const settings: AlertSettings = { emails: ['ana@exemplo.com.br'], offlineMinutes: 10, emailConfigured: true };
const saved = (call: ApiCall) => ({ status: 200, body: { ...(call.body as object), emailConfigured: true } });

function renderForm(initial: AlertSettings = settings) {
  renderApp(<AlertSettingsForm settings={initial} />);
  const form = screen.getByRole('region', { name: 'Configurações' });
  return { form, user: userEvent.setup() };
}

async function addEmail(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, email: string) {
  await user.type(within(form).getByLabelText('Novo destinatário'), email);
  await user.click(within(form).getByRole('button', { name: 'Adicionar' }));
}

describe('alert settings form', () => {
  it('says when the server cannot send email, and that webhooks still go', () => {
    const { form } = renderForm({ ...settings, emailConfigured: false });
    expect(
      within(form).getByText(
        'Este servidor não tem SMTP_URL configurado: os e-mails não serão enviados. Os webhooks funcionam normalmente.',
      ),
    ).toBeTruthy();
  });

  it('checks the addresses and the minutes with the server rules, in Portuguese, before sending', async () => {
    const api = await startApi({});
    const { form, user } = renderForm();
    expect(within(form).queryByText(/SMTP_URL/)).toBeNull();
    await addEmail(user, form, 'nao-e-email');
    const minutes = within(form).getByLabelText('Minutos offline até alertar');
    await user.clear(minutes);
    await user.type(minutes, '0');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('E-mail inválido: "nao-e-email".')).toBeTruthy();
    expect(within(form).getByText('Informe os minutos como um número inteiro de 1 a 1440.')).toBeTruthy();
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('refuses the same address twice (upper case or not)', async () => {
    const api = await startApi({});
    const { form, user } = renderForm();
    await addEmail(user, form, 'ANA@exemplo.com.br');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    expect(await within(form).findByText('Cada e-mail só uma vez.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('adds and removes addresses, saves them in lower case with the minutes, and says so', async () => {
    const api = await startApi({ 'PUT /api/alerts/settings': saved });
    const { form, user } = renderForm();
    await addEmail(user, form, 'Bruno@Exemplo.com.br');
    await user.click(within(form).getByRole('button', { name: 'Remover ana@exemplo.com.br' }));
    // Typed but not added: Salvar takes it too.
    await user.type(within(form).getByLabelText('Novo destinatário'), 'carla@exemplo.com.br');
    const minutes = within(form).getByLabelText('Minutos offline até alertar');
    await user.clear(minutes);
    await user.type(minutes, '15');
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Configurações de alertas salvas.');
    expect(api.callsTo('PUT', '/api/alerts/settings').map((c) => c.body)).toEqual([
      { emails: ['bruno@exemplo.com.br', 'carla@exemplo.com.br'], offlineMinutes: 15 },
    ]);
    const list = within(form).getByRole('list', { name: 'Destinatários' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['bruno@exemplo.com.br', 'carla@exemplo.com.br']);
  });

  it("shows the server's refusal under the field it names", async () => {
    await startApi({
      'PUT /api/alerts/settings': () => ({
        status: 400,
        body: {
          message: 'Dados inválidos',
          code: 'VALIDATION_ERROR',
          issues: [{ path: ['offlineMinutes'], message: 'Informe os minutos como um número inteiro de 1 a 1440.' }],
        },
      }),
    });
    const { form, user } = renderForm();
    await user.click(within(form).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(within(form).getByText('Informe os minutos como um número inteiro de 1 a 1440.')).toBeTruthy(),
    );
    await expectToast('Erro');
  });
});
