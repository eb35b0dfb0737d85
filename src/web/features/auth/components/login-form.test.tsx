// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { LoginForm } from './login-form';

const me = {
  user: {
    id: 7,
    username: 'ana',
    email: 'ana@exemplo.com.br',
    phone: '',
    role: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  workspace: { id: 1, name: 'Padaria Central', timeZone: 'America/Sao_Paulo' },
};

describe('login form', () => {
  it('says in Portuguese what is missing or wrong and sends nothing', async () => {
    const api = await startApi({});
    renderApp(<LoginForm />, { path: '/login' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Email é obrigatório')).toBeTruthy();
    expect(screen.getByText('Senha é obrigatória')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls).toEqual([]);
  });

  it('signs in with the email and password typed, then goes to the dashboard', async () => {
    const api = await startApi({ 'POST /api/auth/login': () => ({ status: 200, body: me }) });
    const { history, queryClient } = renderApp(<LoginForm />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'senha-da-ana');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectToast('Login realizado', 'Bem-vindo ao sistema!');
    expect(api.callsTo('POST', '/api/auth/login').map((c) => c.body)).toEqual([
      { email: 'ana@exemplo.com.br', password: 'senha-da-ana' },
    ]);
    await waitFor(() => expect(history.at(-1)).toBe('/dashboard'));
    expect(queryClient.getQueryData(['/api/auth/me'])).toMatchObject({ workspace: { name: 'Padaria Central' } });
  });

  it('shows the failure toast with the server message and stays on the page', async () => {
    const locked = 'Muitas tentativas de entrada com este email. Aguarde 15 minutos e tente novamente.';
    await startApi({
      'POST /api/auth/login': () => ({ status: 429, body: { message: locked, code: 'RATE_LIMITED' } }),
    });
    const { history } = renderApp(<LoginForm />, { path: '/login' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('Senha'), 'errada');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await expectToast('Erro no login', locked);
    expect(history).toEqual(['/login']);
  });
});
