// @vitest-environment jsdom
import type { User } from '@contract/users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createQueryClient } from '@web/lib/query-client';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import ProfilePage from './profile-page';

const ana: User = {
  id: 7,
  username: 'ana',
  email: 'ana@exemplo.com.br',
  phone: null,
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The profile page of a signed-in user whose record the test server gives; the form opened. */
async function openForm(put: (call: ApiCall) => { status: number; body?: unknown }) {
  const api = await startApi({ 'GET /api/users/7': () => ({ status: 200, body: ana }), 'PUT /api/users/7': put });
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, {
    user: ana,
    workspace: { id: 1, name: 'Padaria', timeZone: 'America/Sao_Paulo' },
  });
  renderApp(<ProfilePage />, { client, path: '/profile' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Editar Perfil' }));
  return { api, user };
}

describe('profile form', () => {
  it('a new password needs its confirmation and the current one, said in Portuguese; nothing is sent', async () => {
    const { api, user } = await openForm(() => ({ status: 500 }));
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'outra-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('A confirmação de senha não confere.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirmar nova senha'));
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await expectToast('Erro de validação', 'Senha atual é obrigatória para alterar a senha.');
    expect(api.callsTo('PUT', '/api/users/7')).toEqual([]);
  });

  it('saves the details and the password pair; a wrong current password is the server message', async () => {
    let wrong = true;
    const { api, user } = await openForm((call) =>
      wrong
        ? { status: 400, body: { message: 'Senha atual incorreta.', code: 'CURRENT_PASSWORD_WRONG' } }
        : { status: 200, body: { ...ana, ...(call.body as object) } },
    );
    await user.type(screen.getByLabelText('Telefone'), '(11) 98888-7777');
    await user.type(screen.getByLabelText('Senha atual'), 'senha-antiga');
    await user.type(screen.getByLabelText('Nova senha'), 'nova-senha-123');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'nova-senha-123');
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await expectToast('Erro ao atualizar perfil', 'Senha atual incorreta.');
    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Salvar Alterações' }));
    await expectToast('Perfil atualizado', 'Suas informações foram atualizadas com sucesso.');
    expect(api.callsTo('PUT', '/api/users/7').at(-1)?.body).toEqual({
      username: 'ana',
      email: 'ana@exemplo.com.br',
      phone: '(11) 98888-7777',
      currentPassword: 'senha-antiga',
      password: 'nova-senha-123',
    });
    // Back to the details once saved.
    await waitFor(() => expect(screen.queryByLabelText('Nova senha')).toBeNull());
  });
});
