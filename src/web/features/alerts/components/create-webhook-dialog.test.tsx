// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CreateWebhookDialog } from './create-webhook-dialog';

const secret = '9f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c0b2d4f6e8a0c2e4f6a8b0d2f4e6a8c0e';
const created = (call: ApiCall) => ({
  status: 201,
  body: {
    id: 4,
    url: (call.body as { url: string }).url,
    secret,
    secretHint: `…${secret.slice(-4)}`,
    createdAt: '2026-11-20T10:00:00.000Z',
  },
});

/** The page's part: a button that opens the dialog, which closes itself. */
function Host({ onChange }: { onChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <CreateWebhookDialog
        open={open}
        onOpenChange={(next) => {
          onChange(next);
          setOpen(next);
        }}
      />
    </>
  );
}

describe('create webhook dialog', () => {
  it('refuses an address that is not http(s) and a short secret, in Portuguese, without sending', async () => {
    const api = await startApi({});
    renderApp(<CreateWebhookDialog open onOpenChange={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    const user = userEvent.setup();
    await user.type(within(dialog).getByLabelText('Endereço (URL)'), 'ftp://exemplo.com.br/x');
    await user.type(within(dialog).getByLabelText('Segredo (opcional)'), 'curto');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(
      await within(dialog).findByText('Informe o endereço completo do webhook, começando com http:// ou https://.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('O segredo tem de 16 a 200 caracteres.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('creates it without a secret of its own, shows the one the server made once, copies it, and forgets it', async () => {
    const api = await startApi({ 'POST /api/alerts/webhooks': created });
    const changes: boolean[] = [];
    renderApp(<Host onChange={(open) => changes.push(open)} />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Endereço (URL)'), 'https://hooks.exemplo.com.br/sinalize');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await expectToast('Sucesso!', 'Webhook adicionado.');
    // The secret field left empty is left out: the server makes one.
    expect(api.callsTo('POST', '/api/alerts/webhooks').map((c) => c.body)).toEqual([
      { url: 'https://hooks.exemplo.com.br/sinalize' },
    ]);
    const shown = screen.getByRole('dialog');
    expect(within(shown).getByRole('heading', { name: 'Webhook adicionado' })).toBeTruthy();
    expect(
      within(shown).getByText(
        'Copie o segredo agora: ele não será mostrado de novo. O receptor usa-o para conferir as assinaturas.',
      ),
    ).toBeTruthy();
    expect((within(shown).getByLabelText('Segredo') as HTMLInputElement).value).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Copiar' }));
    await expectToast('Copiado!', 'O segredo foi copiado para a área de transferência.');
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(shown).getByRole('button', { name: 'Concluído' }));
    await waitFor(() => expect(changes).toEqual([false]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Opened again, it is the empty form: the secret is gone for good.
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const again = screen.getByRole('dialog');
    expect(within(again).getByRole('heading', { name: 'Adicionar webhook' })).toBeTruthy();
    expect(within(again).queryByDisplayValue(secret)).toBeNull();
  });
});
