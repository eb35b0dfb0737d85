// @vitest-environment jsdom
import type { Incident } from '@contract/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import { renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { OpenIncidentsCard } from './open-incidents-card';

const open: Incident = {
  id: 3,
  deviceId: 5,
  deviceName: 'Caixa',
  location: 'Loja Sul',
  startedAt: new Date(Date.now() - 25.1 * 60_000).toISOString(),
  endedAt: null,
};

function signedIn(role: 'admin' | 'user') {
  const client = createQueryClient();
  client.setQueryData(ME_QUERY_KEY, {
    user: { id: 1, username: 'ana', email: 'ana@exemplo.com.br', phone: null, role, createdAt: open.startedAt },
    workspace: { id: 1, name: 'Padaria', timeZone: 'America/Sao_Paulo' },
  });
  return client;
}

describe("the dashboard's open incidents", () => {
  it("names the workspace's minutes for an admin, and lists each screen with how long it has been offline", async () => {
    await startApi({
      'GET /api/alerts/incidents?status=open': () => ({ status: 200, body: [open] }),
      'GET /api/alerts/settings': () => ({
        status: 200,
        body: { emails: [], offlineMinutes: 15, emailConfigured: true },
      }),
    });
    renderApp(<OpenIncidentsCard />, { client: signedIn('admin') });
    const list = await screen.findByRole('list', { name: 'Telas offline há mais de 15 minutos' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item!.textContent).toMatch(/^Caixa · Loja Sul25 min \(desde \d\d\/\d\d\/\d{4} às \d\d:\d\d\)$/);
  });

  it('shows a user who may not read the settings the list without the minutes, and nothing when none is open', async () => {
    const api = await startApi({ 'GET /api/alerts/incidents?status=open': () => ({ status: 200, body: [open] }) });
    const { unmount } = renderApp(<OpenIncidentsCard />, { client: signedIn('user') });
    expect(await screen.findByRole('list', { name: 'Telas offline além do limite' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/alerts/settings')).toEqual([]);
    unmount();

    await startApi({ 'GET /api/alerts/incidents?status=open': () => ({ status: 200, body: [] }) });
    const { container } = renderApp(<OpenIncidentsCard />, { client: signedIn('user') });
    await waitFor(() => expect(container.textContent).toBe(''));
    expect(screen.queryByTestId('dashboard-open-incidents')).toBeNull();
  });
});
