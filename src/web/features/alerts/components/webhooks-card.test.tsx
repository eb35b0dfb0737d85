// @vitest-environment jsdom
import type { Delivery, Webhook } from '@contract/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { WebhooksCard } from './webhooks-card';

const hooks: Webhook[] = [
  { id: 1, url: 'https://bom.exemplo.com.br/hook', secretHint: '…a1b2', createdAt: '2026-11-20T10:00:00.000Z' },
  { id: 2, url: 'https://ruim.exemplo.com.br/hook', secretHint: '…c3d4', createdAt: '2026-11-21T10:00:00.000Z' },
];
const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 9,
  channel: 'webhook',
  webhookId: 1,
  target: hooks[0]!.url,
  event: 'test',
  status: 'ok',
  httpStatus: 200,
  detail: null,
  attempt: 1,
  createdAt: '2026-11-22T10:00:00.000Z',
  ...over,
});

describe('webhooks card', () => {
  it('lists the webhooks with their secret hint, and "Testar" shows what the receiver answered', async () => {
    const api = await startApi({
      'GET /api/alerts/webhooks': () => ({ status: 200, body: hooks }),
      'POST /api/alerts/webhooks/1/test': () => ({ status: 200, body: delivery({}) }),
      'POST /api/alerts/webhooks/2/test': () => ({
        status: 200,
        body: delivery({
          id: 10,
          webhookId: 2,
          status: 'failed',
          httpStatus: 500,
          detail: 'O receptor respondeu 500.',
        }),
      }),
    });
    renderApp(<WebhooksCard />);
    const user = userEvent.setup();
    const list = await screen.findByRole('list', { name: 'Webhooks' });
    const [good, bad] = within(list).getAllByRole('listitem');
    expect(within(good!).getByText('Segredo: …a1b2')).toBeTruthy();
    expect(within(good!).getByText(/Criado em 20\/11\/2026/)).toBeTruthy();

    await user.click(within(good!).getByRole('button', { name: 'Testar https://bom.exemplo.com.br/hook' }));
    expect((await within(good!).findByTestId('webhook-test-result')).textContent).toBe(
      'Teste enviado: o receptor respondeu 200.',
    );
    await user.click(within(bad!).getByRole('button', { name: 'Testar https://ruim.exemplo.com.br/hook' }));
    expect((await within(bad!).findByTestId('webhook-test-result')).textContent).toBe(
      'O teste falhou: O receptor respondeu 500.',
    );
    expect(api.callsTo('POST', '/api/alerts/webhooks/1/test')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/alerts/webhooks/2/test')).toHaveLength(1);
  });

  it('removes a webhook only after the question', async () => {
    const api = await startApi({
      'GET /api/alerts/webhooks': () => ({ status: 200, body: hooks }),
      'DELETE /api/alerts/webhooks/2': () => ({ status: 204 }),
    });
    renderApp(<WebhooksCard />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remover https://ruim.exemplo.com.br/hook' }));
    const question = screen.getByRole('alertdialog');
    expect(within(question).getByText('https://ruim.exemplo.com.br/hook')).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/alerts/webhooks/2')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Remover' }));
    await expectToast('Sucesso!', 'Webhook removido.');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.callsTo('DELETE', '/api/alerts/webhooks/2')).toHaveLength(1);
  });
});
