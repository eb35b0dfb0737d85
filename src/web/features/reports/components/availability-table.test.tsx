// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AvailabilityTable, formatRatio } from './availability-table';

describe('availability per screen', () => {
  it('shows open and offline time and the share online, the least available first; none without open time', () => {
    render(
      <AvailabilityTable
        rows={[
          { deviceId: 2, name: 'TV Caixa', openMs: 3 * 3_600_000, offlineMs: 20 * 60_000, ratio: 1 - 20 / 180 },
          { deviceId: 3, name: 'TV Noite', openMs: 0, offlineMs: 0, ratio: null },
        ]}
      />,
    );
    const rows = within(screen.getByTestId('report-availability')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TelaTempo abertaTempo offlineDisponibilidade',
      'TV Caixa3:00:000:20:0088,8 %',
      'TV Noite0:00:000:00:00Sem horário no período',
    ]);
    expect(formatRatio(1)).toBe('100,0 %');
  });
});
