// @vitest-environment jsdom
import type { AdLink, AdStatement } from '@contract/ad-statements';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, signedInClient, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import AdvertiserStatementPage from './advertiser-statement-page';
import PublicStatementPage from './public-statement-page';

const statement = (period = { from: '2026-11-01', to: '2026-11-27' }): AdStatement => ({
  company: { name: 'Sinalização Ótima' },
  advertiser: { id: 3, name: 'Padaria São João', document: '11222333000181' },
  period,
  timeZone: 'America/Sao_Paulo',
  generatedAt: '2026-11-27T12:00:00.000Z',
  totals: { plays: 1234, audience: 24_680, amountCents: 185_100 },
  screens: [
    {
      id: 7,
      name: 'Recepção',
      location: 'Térreo',
      plays: 1234,
      audience: 24_680,
      amountCents: 185_100,
      days: [{ day: '2026-11-02', plays: 1234, audience: 24_680, amountCents: 185_100 }],
      screenshotAt: null,
    },
  ],
  campaigns: [{ id: 9, name: 'Pão de queijo', plays: 1234, audience: 24_680, amountCents: 185_100 }],
});
const link: AdLink = {
  id: 5,
  advertiserId: 3,
  from: '2026-11-01',
  to: '2026-11-27',
  expiresAt: '2026-12-27T12:00:00.000Z',
  revokedAt: null,
  createdAt: '2026-11-27T12:00:00.000Z',
  status: 'ativo',
};

/** docs/ads.md#pages (statements): the admin's Extrato and the public link's page. */
describe('the Extrato page', () => {
  it('shows the figures in pt-BR, refuses a bad period without asking, creates a link to copy and revokes one', async () => {
    let links: AdLink[] = [];
    const api = await startApi({
      'GET /api/advertisers/3/statement': () => ({ status: 200, body: statement() }),
      'GET /api/advertisers/3/statement?from=2026-11-02&to=2026-11-27': () => ({
        status: 200,
        body: statement({ from: '2026-11-02', to: '2026-11-27' }),
      }),
      'GET /api/advertisers/3/links': () => ({ status: 200, body: links }),
      'POST /api/advertisers/3/links': (call: ApiCall) => {
        links = [link];
        return {
          status: 201,
          body: { ...link, ...(call.body as object), token: 'abc', url: 'https://x.com.br/anunciante/abc' },
        };
      },
      'DELETE /api/advertisers/3/links/5': () => {
        links = [{ ...link, status: 'revogado', revokedAt: '2026-11-27T13:00:00.000Z' }];
        return { status: 200, body: links[0] };
      },
    });
    renderApp(<Route path="/advertisers/:id/statement" component={AdvertiserStatementPage} />, {
      path: '/advertisers/3/statement',
      client: signedInClient('admin'),
    });
    expect(await screen.findByRole('heading', { name: 'Extrato de Padaria São João', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('statement-total-plays').textContent).toBe('1.234');
    expect(screen.getByTestId('statement-total-amount').textContent).toBe('R$ 1.851,00');
    expect(screen.getByTestId('statement-advertiser').textContent).toBe('Padaria São João (11.222.333/0001-81)');
    const row = within(screen.getByRole('table', { name: 'Exibições por tela e dia' })).getAllByRole('row')[1]!;
    expect([...row.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      'Recepção · Térreo',
      '02/11/2026',
      '1.234',
      '24.680',
      'R$ 1.851,00',
    ]);
    expect(screen.getByRole('link', { name: 'Baixar PDF' }).getAttribute('href')).toBe(
      '/api/advertisers/3/statement.pdf?from=2026-11-01&to=2026-11-27',
    );

    const user = userEvent.setup({ delay: null });
    const from = screen.getByLabelText('De');
    await user.clear(from);
    await user.type(from, '2026-11-30');
    expect((await screen.findByRole('alert')).textContent).toBe('A data final deve ser igual ou posterior à inicial');
    expect(api.calls.filter((c) => c.url.includes('from=2026-11-30'))).toEqual([]);
    await user.clear(from);
    await user.type(from, '2026-11-02');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Baixar CSV' }).getAttribute('href')).toBe(
        '/api/advertisers/3/statement.csv?from=2026-11-02&to=2026-11-27',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Criar link' }));
    await expectToast('Sucesso!', 'Link criado.');
    expect(api.callsTo('POST', '/api/advertisers/3/links').map((c) => c.body)).toEqual([
      { from: '2026-11-02', to: '2026-11-27', days: 30 },
    ]);
    expect((screen.getByLabelText('Endereço do link') as HTMLInputElement).value).toBe(
      'https://x.com.br/anunciante/abc',
    );
    const listed = await screen.findByTestId('statement-link-5');
    expect(within(listed).getByText('Ativo')).toBeTruthy();
    await user.click(within(listed).getByRole('button', { name: 'Revogar o link 5' }));
    await expectToast('Sucesso!', 'Link revogado.');
    expect(await within(screen.getByTestId('statement-link-5')).findByText('Revogado')).toBeTruthy();
  });

  it('the public page shows the statement, and only "Link expirado" once the server says so', async () => {
    let gone = false;
    await startApi({
      'GET /api/public/advertiser-statements/tok': () =>
        gone
          ? { status: 410, body: { message: 'Link expirado', code: 'LINK_EXPIRED' } }
          : { status: 200, body: statement() },
    });
    const view = renderApp(<Route path="/anunciante/:token" component={PublicStatementPage} />, {
      path: '/anunciante/tok',
    });
    expect((await screen.findByTestId('statement-total-plays')).textContent).toBe('1.234');
    expect(screen.getByTestId('statement-company').textContent).toBe('Sinalização Ótima');
    gone = true;
    await view.queryClient.refetchQueries();
    expect(await screen.findByRole('heading', { name: 'Link expirado' })).toBeTruthy();
    expect(screen.queryByTestId('statement-total-plays')).toBeNull();
    expect(screen.queryByText('Padaria São João')).toBeNull();
  });
});
