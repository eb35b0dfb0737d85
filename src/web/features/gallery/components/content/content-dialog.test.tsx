// @vitest-environment jsdom
import type { ContentKind } from '@contract/content';
import type { Media } from '@contract/media';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { ContentDialog } from './content-dialog';
import { aContentItem } from '@web/test/media-fixture';

const item = (kind: ContentKind, name: string, options: Record<string, unknown>) =>
  aContentItem(kind, options, { id: 12, originalName: name });
const answer = (call: ApiCall) => {
  const body = call.body as { kind?: ContentKind; name: string; options: Record<string, unknown> };
  return { status: call.method === 'POST' ? 201 : 200, body: item(body.kind ?? 'ticker', body.name, body.options) };
};

/** Typing through the form, the preview redrawn on each key: seconds on a busy 2-core machine. */
const SLOW = 20_000;

function renderDialog(editing?: Media) {
  const changes: boolean[] = [];
  renderApp(<ContentDialog open onOpenChange={(open) => changes.push(open)} editing={editing} />);
  return { changes, user: userEvent.setup({ delay: null }), dialog: () => screen.getByRole('dialog') };
}

describe('content dialog', () => {
  it(
    'makes a ticker: kind first, blank rows dropped, the live preview, the schema-parsed body',
    async () => {
      const api = await startApi({ 'POST /api/media/content': answer });
      const { changes, user, dialog } = renderDialog();
      await user.click(within(dialog()).getByRole('button', { name: /^Letreiro/ }));
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog()).findByText('O letreiro precisa de ao menos uma linha')).toBeTruthy();
      expect(within(dialog()).getByText('Informe um nome para o conteúdo')).toBeTruthy();
      await user.type(within(dialog()).getByLabelText('Nome'), 'Avisos');
      await user.type(within(dialog()).getByLabelText('Frases'), 'Promoção de verão{Enter}{Enter}  {Enter}Atenção');
      expect(within(dialog()).getByTestId('ticker-strip').textContent).toBe('Promoção de verão   •   Atenção');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await expectToast('Sucesso!', 'Conteúdo criado.');
      expect(api.callsTo('POST', '/api/media/content').map((c) => c.body)).toEqual([
        {
          kind: 'ticker',
          name: 'Avisos',
          options: {
            lines: ['Promoção de verão', 'Atenção'],
            speed: 120,
            textColor: '#ffffff',
            backgroundColor: '#0f172a',
            size: 'medium',
            separator: '•',
          },
        },
      ]);
      await waitFor(() => expect(changes).toEqual([false]));
    },
    SLOW,
  );

  it(
    "tells the server's framing warning when a web page is saved",
    async () => {
      const warning =
        'Este site não permite ser exibido dentro de outra página (X-Frame-Options). Nas TVs aparecerá um aviso no lugar dele.';
      await startApi({
        'POST /api/media/content': (call) => ({ status: 201, body: { ...answer(call).body, warning } }),
      });
      const { changes, user, dialog } = renderDialog();
      await user.click(within(dialog()).getByRole('button', { name: /^Página web/ }));
      await user.type(within(dialog()).getByLabelText('Nome'), 'Site');
      await user.type(within(dialog()).getByLabelText('Endereço (URL)'), 'https://exemplo.com.br');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await expectToast('Salvo, com um aviso', warning);
      await waitFor(() => expect(changes).toEqual([false]));
    },
    SLOW,
  );

  it(
    "refuses a web page's bad address without sending, and puts the server's 400 on its field",
    async () => {
      const api = await startApi({
        'POST /api/media/content': () => ({
          status: 400,
          body: {
            message: 'Endereço inválido: use um endereço http:// ou https://',
            code: 'VALIDATION_ERROR',
            issues: [{ path: ['options', 'url'], message: 'Endereço recusado pelo servidor' }],
          },
        }),
      });
      const { changes, user, dialog } = renderDialog();
      await user.click(within(dialog()).getByRole('button', { name: /^Página web/ }));
      await user.type(within(dialog()).getByLabelText('Nome'), 'Site');
      await user.type(within(dialog()).getByLabelText('Endereço (URL)'), 'ftp://exemplo.com.br');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog()).findByText('Endereço inválido: use um endereço http:// ou https://')).toBeTruthy();
      expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
      await user.clear(within(dialog()).getByLabelText('Endereço (URL)'));
      await user.type(within(dialog()).getByLabelText('Endereço (URL)'), 'https://exemplo.com.br');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      expect(await within(dialog()).findByText('Endereço recusado pelo servidor')).toBeTruthy();
      expect(within(dialog()).getByLabelText('Endereço (URL)').getAttribute('aria-invalid')).toBe('true');
      expect(changes).toEqual([]);
    },
    SLOW,
  );

  it(
    'edits a saved item in the same form, filled in, with PUT',
    async () => {
      const api = await startApi({ 'PUT /api/media/12': answer });
      const saved = item('text', 'Boas-vindas', { title: 'Olá', body: '', size: 'huge', align: 'left' });
      const { changes, user, dialog } = renderDialog(saved);
      expect(within(dialog()).getByRole('heading', { name: 'Editar texto' })).toBeTruthy();
      expect((within(dialog()).getByLabelText('Título') as HTMLInputElement).value).toBe('Olá');
      expect(within(dialog()).getByTestId('text-preview').textContent).toBe('Olá');
      await user.type(within(dialog()).getByLabelText('Texto'), 'Seja bem-vindo à loja');
      expect(within(dialog()).getByTestId('text-preview').textContent).toBe('OláSeja bem-vindo à loja');
      await user.click(within(dialog()).getByRole('button', { name: 'Salvar' }));
      await expectToast('Sucesso!', 'Conteúdo atualizado.');
      expect(api.callsTo('PUT', '/api/media/12').map((c) => c.body)).toEqual([
        {
          name: 'Boas-vindas',
          options: {
            title: 'Olá',
            body: 'Seja bem-vindo à loja',
            textColor: '#ffffff',
            backgroundColor: '#0f172a',
            size: 'huge',
            align: 'left',
          },
        },
      ]);
      await waitFor(() => expect(changes).toEqual([false]));
    },
    SLOW,
  );
});
