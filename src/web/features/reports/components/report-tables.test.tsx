// @vitest-environment jsdom
import type { Report, ReportDimension } from '@contract/reports';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { ReportTables } from './report-tables';

const figures = (plays: number) => ({ plays, durationMs: plays * 1000, screens: 1 });
const report: Report = {
  from: '2026-03-01',
  to: '2026-03-01',
  timeZone: 'America/Sao_Paulo',
  totals: figures(10),
  byDay: [{ day: '2026-03-01', ...figures(10) }],
  byDevice: [{ id: 1, name: 'TV 1', ...figures(10) }],
  byMedia: [{ id: 2, name: 'promo.png', mimeType: 'image/png', ...figures(10) }],
  byPlaylist: [{ id: null, name: null, ...figures(10) }],
  byCampaign: [{ id: null, name: null, ...figures(10) }],
  byZone: [
    { id: null, key: 'principal', name: 'Principal', ...figures(6) },
    { id: null, key: 'zona-7', name: 'zona-7', ...figures(3) },
    { id: null, key: '', name: 'Sem zona registrada', ...figures(1) },
  ],
  availability: [],
};

describe('report tables', () => {
  it('has a "Por zona" table, a row per zone, and exports it as the zone dimension', async () => {
    const asked: ReportDimension[] = [];
    const exportUrl = (d: ReportDimension) => `/api/reports/export?dimension=${d}`;
    const { rerender } = renderApp(
      <ReportTables report={report} tab="media" onTabChange={(d) => asked.push(d)} exportUrl={exportUrl} />,
    );
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Por zona' }));
    // Radix's tabs may say so twice (the press and the focus that follows).
    expect([...new Set(asked)]).toEqual(['zone']);
    rerender(<ReportTables report={report} tab="zone" onTabChange={(d) => asked.push(d)} exportUrl={exportUrl} />);
    const table = screen.getByTestId('report-table-zone');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Zona', 'Exibições', 'Tempo na tela (h:mm:ss)', 'Telas'],
      ['Principal', '6', '0:00:06', '1'],
      ['zona-7', '3', '0:00:03', '1'],
      ['Sem zona registrada', '1', '0:00:01', '1'],
    ]);
    expect(screen.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href')).toBe(
      '/api/reports/export?dimension=zone',
    );
  });
});
