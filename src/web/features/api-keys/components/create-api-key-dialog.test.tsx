// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { CreateApiKeyDialog } from './create-api-key-dialog';

const secret = 'snz_0123456789abcdef0123456789abcdef';
const created = (call: ApiCall) => {
  const body = call.body as { name: string; permissions: object; expiresAt: string | null };
  return {
    status: 201,
    body: {
      id: 3,
      name: body.name,
      prefix: secret.slice(0, 12),
      permissions: body.permissions,
      isActive: true,
      lastUsed: null,
      expiresAt: body.expiresAt,
      createdAt: '2026-01-01T00:00:00.000Z',
      key: secret,
    },
  };
};

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, resource: string, access: string) {
  await user.click(within(dialog).getByRole('combobox', { name: resource }));
  await user.click(await screen.findByRole('option', { name: access }));
}

describe('create API key dialog', () => {
  it('asks for a name, at least one permission and a future expiry, in Portuguese', async () => {
    const api = await startApi({});
    renderApp(<CreateApiKeyDialog open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Expira em (opcional)'), '2020-01-31');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Chave' }));
    expect(await within(dialog).findByText('Nome da chave é obrigatório')).toBeTruthy();
    expect(within(dialog).getByText('Escolha ao menos uma permissão.')).toBeTruthy();
    expect(within(dialog).getByText('A data de expiração deve ser no futuro.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('creates the key, shows it once with the warning, copies it, and forgets it when done', async () => {
    const api = await startApi({ 'POST /api/api-keys': created });
    const changes: boolean[] = [];
    renderApp(<CreateApiKeyDialog open onOpenChange={(open) => changes.push(open)} />);
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Nome'), 'Integração com o ERP');
    await choose(user, dialog, 'Dispositivos', 'Leitura e escrita');
    await choose(user, dialog, 'Relatórios', 'Leitura');
    // Statistics and reports are read-only resources: no "write" to offer.
    await user.click(within(dialog).getByRole('combobox', { name: 'Estatísticas' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Sem acesso', 'Leitura']);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Chave' }));
    await expectToast('Sucesso!', 'Chave de API criada com sucesso.');
    expect(api.callsTo('POST', '/api/api-keys').map((c) => c.body)).toEqual([
      {
        name: 'Integração com o ERP',
        permissions: {
          devices: 'write',
          groups: 'none',
          media: 'none',
          playlists: 'none',
          campaigns: 'none',
          stats: 'none',
          reports: 'read',
          ads: 'none',
        },
        expiresAt: null,
      },
    ]);
    const shown = screen.getByRole('dialog');
    expect(within(shown).getByRole('heading', { name: 'Chave criada' })).toBeTruthy();
    expect(
      within(shown).getByText('Copie a chave agora: ela não será mostrada de novo. Guarde-a como uma senha.'),
    ).toBeTruthy();
    expect((within(shown).getByLabelText('Chave de API') as HTMLInputElement).value).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    await expectToast('Copiado!', 'A chave foi copiada para a área de transferência.');
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Concluído' }));
    await waitFor(() => expect(changes).toEqual([false]));
  });
});
