// @vitest-environment jsdom
import type { Incident } from '@contract/alerts';
import { screen, within } from '@testing-library/react';
import { createQueryClient } from '@web/lib/query-client';
import { ME_QUERY_KEY } from '@web/lib/query-keys';
import { renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { IncidentsCard } from './incidents-card';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

describe('incidents card', () => {
  it('lists the open incidents first, then the closed ones, with their start, end and pt-BR duration', async () => {
    const closed: Incident = {
      id: 1,
      deviceId: 3,
      deviceName: 'Balcão',
      location: 'Loja Centro',
      startedAt: '2026-11-20T13:00:00.000Z',
      endedAt: '2026-11-20T13:45:00.000Z',
    };
    const longClosed: Incident = {
      ...closed,
      id: 2,
      deviceName: 'Vitrine',
      startedAt: '2026-11-18T12:00:00.000Z',
      endedAt: '2026-11-19T15:30:00.000Z',
    };
    // 72 minutes and a few seconds: "1 h 12 min" for the whole test, whatever the clock's tick.
    const open: Incident = {
      ...closed,
      id: 3,
      deviceName: 'Caixa',
      location: 'Loja Sul',
      startedAt: minutesAgo(72.1),
      endedAt: null,
    };
    await startApi({
      'GET /api/alerts/incidents?status=all': () => ({ status: 200, body: [closed, longClosed, open] }),
    });
    const client = createQueryClient();
    client.setQueryData(ME_QUERY_KEY, {
      user: { id: 1, username: 'admin', email: 'a@b.com', phone: null, role: 'admin', createdAt: closed.startedAt },
      workspace: { id: 1, name: 'Padaria', timeZone: 'America/Sao_Paulo' },
    });
    renderApp(<IncidentsCard />, { client });
    const table = await screen.findByRole('table', { name: 'Incidentes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows[0]!.slice(0, 2)).toEqual(['Caixa', 'Loja Sul']);
    expect(rows[0]!.slice(3)).toEqual(['Em aberto', '1 h 12 min']);
    // On the workspace's clock (São Paulo, UTC−3).
    expect(rows[1]).toEqual(['Balcão', 'Loja Centro', '20/11/2026 10:00:00', '20/11/2026 10:45:00', '45 min']);
    expect(rows[2]).toEqual(['Vitrine', 'Loja Centro', '18/11/2026 09:00:00', '19/11/2026 12:30:00', '1 d 3 h']);
  });
});
