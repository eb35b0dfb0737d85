// @vitest-environment jsdom
import type { User } from '@contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import { createQueryClient } from '@web/lib/query-client';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { UserFormDialog } from './user-form-dialog';

const admin: User = {
  id: 1,
  username: 'admin',
  email: 'admin@exemplo.com.br',
  phone: null,
  role: 'admin',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const ana: User = { ...admin, id: 7, username: 'ana', email: 'ana@exemplo.com.br', role: 'user' };

/** Signed in as `admin` (the session the dialog reads), without asking the server. */
function signedIn() {
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, {
    user: admin,
    workspace: { id: 1, name: 'Padaria', timeZone: 'America/Sao_Paulo' },
  });
  return client;
}

function renderDialog(user: User | null) {
  const closed: boolean[] = [];
  renderApp(<UserFormDialog open user={user} onOpenChange={(open) => closed.push(!open)} />, { client: signedIn() });
  return { dialog: screen.getByRole('dialog'), closed };
}
const saved = (status: number) => (call: ApiCall) => ({ status, body: { ...ana, ...(call.body as object) } });

describe('user form dialog', () => {
  it('new user: the two required-field toasts, then the rules under the fields, in Portuguese', async () => {
    const api = await startApi({});
    const { dialog } = renderDialog(null);
    expect(within(dialog).getByRole('heading', { name: 'Novo Usuário' })).toBeTruthy();
    const user = userEvent.setup();
    const submit = within(dialog).getByRole('button', { name: 'Criar Usuário' });
    await user.click(submit);
    await expectToast('Campos obrigatórios', 'Nome de usuário e email são obrigatórios.');
    await user.type(within(dialog).getByLabelText('Nome de usuário'), 'ana');
    await user.type(within(dialog).getByLabelText('Email'), 'ana-sem-arroba');
    await user.click(submit);
    await expectToast('Senha obrigatória', 'A senha é obrigatória para novos usuários.');
    await user.type(within(dialog).getByLabelText('Senha'), 'curta');
    await user.click(submit);
    expect(await within(dialog).findByText('Email inválido')).toBeTruthy();
    expect(within(dialog).getByText('A senha deve ter pelo menos 8 caracteres.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('creates a user with the role chosen; an empty phone is sent as none', async () => {
    const api = await startApi({ 'POST /api/users': saved(201) });
    const { dialog, closed } = renderDialog(null);
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Nome de usuário'), 'ana');
    await user.type(within(dialog).getByLabelText('Email'), 'Ana@Exemplo.com.br');
    await user.click(within(dialog).getByRole('combobox', { name: 'Perfil' }));
    await user.click(await screen.findByRole('option', { name: 'Administrador' }));
    await user.type(within(dialog).getByLabelText('Senha'), 'senha-da-ana');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Usuário' }));
    await expectToast('Sucesso!', 'O usuário foi criado com sucesso.');
    expect(api.callsTo('POST', '/api/users').map((c) => c.body)).toEqual([
      { username: 'ana', email: 'ana@exemplo.com.br', phone: null, role: 'admin', password: 'senha-da-ana' },
    ]);
    await waitFor(() => expect(closed).toEqual([true]));
  });

  it('edits a user: an empty password keeps the current one; a taken email is the server message', async () => {
    let taken = true;
    const api = await startApi({
      'PUT /api/users/7': (call) =>
        taken ? { status: 409, body: { message: 'Este email já está em uso.', code: 'CONFLICT' } } : saved(200)(call),
    });
    const { dialog, closed } = renderDialog(ana);
    expect(within(dialog).getByText('Deixe em branco para manter a senha atual.')).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'ana.nova@exemplo.com.br');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await expectToast('Erro ao atualizar usuário', 'Este email já está em uso.');
    expect(closed).toEqual([]);
    taken = false;
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    await expectToast('Sucesso!', 'O usuário foi atualizado com sucesso.');
    const body = api.callsTo('PUT', '/api/users/7').at(-1)?.body as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'ana', email: 'ana.nova@exemplo.com.br', role: 'user' });
    expect(body).not.toHaveProperty('password');
    await waitFor(() => expect(closed).toEqual([true]));
  });

  it("one's own password is not changed here: the dialog points to the profile", async () => {
    await startApi({});
    const { dialog } = renderDialog(admin);
    expect(within(dialog).queryByLabelText('Senha')).toBeNull();
    expect(dialog.textContent).toContain('Para alterar a sua própria senha, use a página Perfil');
    expect(within(dialog).getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/profile');
  });
});
