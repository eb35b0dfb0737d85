// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceHealth } from '@contract/screen-health';
import { formatDateAndTime } from '@web/lib/format';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_HEALTH_FILTER, type HealthFilter } from '../lib/device-health';
import { DeviceHealthCard } from './device-health-card';
import { HealthFilterButtons } from './health-filter-buttons';

afterEach(cleanup);

const report: DeviceHealth = {
  playerVersion: '0.1.0',
  appVersion: null,
  appUpdate: { versionName: '0.1.0+300', state: 'waiting' },
  platform: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
  resolution: '1920x1080',
  freeStorageBytes: 300 * 1024 * 1024,
  cacheBytes: 1536,
  memoryBytes: 8 * 1024 ** 3,
  uptimeSeconds: 2 * 3600 + 5 * 60,
  localIp: null,
  lastError: { message: 'Não foi possível carregar a imagem', at: '2026-05-07T15:00:15.000Z' },
  reportedAt: '2026-05-07T15:01:00.000Z',
  lowStorage: true,
  oldVersion: false,
};

/** The card's terms and what each says. */
const shown = () => {
  const region = screen.getByRole('region', { name: 'Saúde da tela' });
  const terms = within(region).queryAllByRole('term');
  return Object.fromEntries(terms.map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};

describe('device health card', () => {
  it('shows every value of the last report, "Não informado" for null, and the server flags', () => {
    render(<DeviceHealthCard health={report} />);
    const at = (iso: string) => formatDateAndTime(iso)!;
    expect(shown()).toEqual({
      'Versão do player': '0.1.0',
      'Versão do app': 'Não informado',
      'Atualização do app': '0.1.0+300 (aguardando a confirmação na TV)',
      'Navegador ou sistema': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120',
      'Resolução em uso': '1920x1080',
      'Espaço livre': '300,00 MB',
      'Cache de mídias': '1,50 KB',
      'Memória do aparelho': '8,00 GB',
      'Tempo ligado': '2 horas e 5 minutos',
      'IP local': 'Não informado',
      'Último erro': `Não foi possível carregar a imagem em ${at(report.lastError!.at).date} às ${at(report.lastError!.at).time}`,
      'Informado em': `${at(report.reportedAt).date} às ${at(report.reportedAt).time}`,
    });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('Pouco espaço');
    expect(notice.textContent).not.toContain('Versão antiga');
  });

  it('says so when the TV has not reported yet, and shows no flag', () => {
    render(<DeviceHealthCard health={null} />);
    expect(shown()).toEqual({});
    expect(screen.getByText(/ainda não enviou informações de saúde/)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('health filter buttons', () => {
  it('toggles "Pouco espaço" and "Versão antiga" on and off, each on its own', async () => {
    const seen: HealthFilter[] = [];
    function Harness() {
      const [value, setValue] = useState(NO_HEALTH_FILTER);
      return (
        <HealthFilterButtons
          value={value}
          onChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    const group = screen.getByRole('group', { name: 'Filtrar por saúde' });
    const low = within(group).getByRole('button', { name: 'Pouco espaço' });
    const old = within(group).getByRole('button', { name: 'Versão antiga' });
    expect(low.getAttribute('aria-pressed')).toBe('false');
    await user.click(low);
    expect(low.getAttribute('aria-pressed')).toBe('true');
    await user.click(old);
    await user.click(low);
    expect(seen).toEqual([
      { lowStorage: true, oldVersion: false },
      { lowStorage: true, oldVersion: true },
      { lowStorage: false, oldVersion: true },
    ]);
    expect(old.getAttribute('aria-pressed')).toBe('true');
  });
});
