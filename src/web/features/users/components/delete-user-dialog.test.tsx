// @vitest-environment jsdom
import type { User } from '@contract/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { DeleteUserDialog } from './delete-user-dialog';

const ana: User = {
  id: 7,
  username: 'ana',
  email: 'ana@exemplo.com.br',
  phone: null,
  role: 'user',
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** The removal confirmation shared by every list (`ConfirmRemovalDialog`), here as the users page uses it. */
describe('removal confirmation (user)', () => {
  it('asks first: the question and who; Cancelar sends nothing', async () => {
    const api = await startApi({});
    let closed = 0;
    renderApp(<DeleteUserDialog user={ana} onClose={() => (closed += 1)} />);
    const dialog = screen.getByRole('alertdialog');
    expect(within(dialog).getByRole('heading', { name: 'Remover usuário' })).toBeTruthy();
    expect(within(dialog).getByText('Tem certeza que deseja remover este usuário?')).toBeTruthy();
    expect(within(dialog).getByText('ana')).toBeTruthy();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(closed).toBe(1);
    expect(api.calls).toEqual([]);
  });

  it('stays open and cannot be dismissed while the request runs, then says it is done', async () => {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = await startApi({
      'DELETE /api/users/7': async () => {
        await held;
        return { status: 204 };
      },
    });
    let closed = 0;
    renderApp(<DeleteUserDialog user={ana} onClose={() => (closed += 1)} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Remover' }));
    const pending = await screen.findByRole('button', { name: 'Removendo...' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(closed).toBe(0);
    release();
    await expectToast('Sucesso!', 'O usuário foi removido com sucesso.');
    await waitFor(() => expect(closed).toBe(1));
    expect(api.callsTo('DELETE', '/api/users/7')).toHaveLength(1);
  });

  it('a refusal is the failure toast with the server message', async () => {
    await startApi({
      'DELETE /api/users/7': () => ({
        status: 400,
        body: { message: 'Administradores não podem ser removidos.', code: 'FORBIDDEN' },
      }),
    });
    let closed = 0;
    renderApp(<DeleteUserDialog user={ana} onClose={() => (closed += 1)} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remover' }));
    await expectToast('Erro ao remover usuário', 'Administradores não podem ser removidos.');
    await waitFor(() => expect(closed).toBe(1));
  });
});
