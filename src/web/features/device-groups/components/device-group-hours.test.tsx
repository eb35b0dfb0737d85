// @vitest-environment jsdom
import type { DeviceGroup } from '@contract/devices';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, startApi } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { DeviceGroupForm } from './device-group-form';

const monday = (start: string, end: string) => ({ weekday: 1, start, end });

describe('the group form with opening hours', () => {
  const group: DeviceGroup = {
    id: 4,
    userId: 1,
    name: 'Lojas',
    description: null,
    openingHours: { weekly: [monday('08:00', '18:00')], exceptions: [] },
    offlineMinutes: 15,
    createdAt: '2026-01-01T00:00:00.000Z',
  };

  it('keeps the hours and minutes it was given, and shows what the server refused', async () => {
    const api = await startApi({
      'PATCH /api/device-groups/4': () => ({
        status: 400,
        body: {
          message: 'Dados inválidos',
          issues: [{ path: ['openingHours', 'weekly', 0], message: 'Recusado pelo servidor.' }],
        },
      }),
    });
    renderApp(<DeviceGroupForm group={group} onDone={() => undefined} />);
    const user = userEvent.setup();
    expect((screen.getByLabelText('Minutos offline até alertar') as HTMLInputElement).value).toBe('15');
    await user.clear(screen.getByLabelText('Minutos offline até alertar'));
    await user.click(screen.getByRole('button', { name: 'Atualizar Grupo' }));
    expect(await screen.findByText('Recusado pelo servidor.')).toBeTruthy();
    expect(api.callsTo('PATCH', '/api/device-groups/4').at(-1)?.body).toMatchObject({
      openingHours: group.openingHours,
      offlineMinutes: null,
    });
  });

  it('does not send overlapping hours', async () => {
    const api = await startApi({});
    renderApp(
      <DeviceGroupForm
        group={{
          ...group,
          openingHours: { weekly: [monday('08:00', '12:00'), monday('11:00', '13:00')], exceptions: [] },
        }}
        onDone={() => undefined}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Atualizar Grupo' }));
    expect(screen.getByRole('alert').textContent).toContain('se sobrepõem');
    expect(api.calls).toEqual([]);
  });
});
