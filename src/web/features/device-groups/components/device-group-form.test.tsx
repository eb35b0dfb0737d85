// @vitest-environment jsdom
import type { DeviceGroup } from '@contract/devices';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { DeviceGroupForm } from './device-group-form';

const group: DeviceGroup = {
  id: 4,
  userId: 1,
  name: 'Lojas do Centro',
  description: 'Centro e arredores',
  openingHours: null,
  offlineMinutes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const answer = (status: number) => (call: ApiCall) => ({ status, body: { ...group, ...(call.body as object) } });

describe('device group form', () => {
  it('refuses a blank name in Portuguese and sends nothing', async () => {
    const api = await startApi({});
    let done = 0;
    renderApp(<DeviceGroupForm group={null} onDone={() => (done += 1)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome do grupo'), '   ');
    await user.click(screen.getByRole('button', { name: 'Criar Grupo' }));
    expect(await screen.findByText('Nome do grupo é obrigatório')).toBeTruthy();
    expect(api.calls).toEqual([]);
    expect(done).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(done).toBe(1);
  });

  it('creates a group (an empty description is sent as none) and goes back to the list', async () => {
    const api = await startApi({ 'POST /api/device-groups': answer(201) });
    let done = 0;
    renderApp(<DeviceGroupForm group={null} onDone={() => (done += 1)} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome do grupo'), '  Lojas do Sul ');
    await user.click(screen.getByRole('button', { name: 'Criar Grupo' }));
    await expectToast('Sucesso!', 'Grupo criado com sucesso.');
    expect(api.callsTo('POST', '/api/device-groups').map((c) => c.body)).toEqual([
      { name: 'Lojas do Sul', description: null, openingHours: null, offlineMinutes: null },
    ]);
    expect(done).toBe(1);
  });

  it('edits a group from its values; a refusal shows the server message and stays', async () => {
    let status = 500;
    const api = await startApi({
      'PATCH /api/device-groups/4': (call) =>
        status === 200 ? answer(200)(call) : { status, body: { message: 'Erro interno do servidor' } },
    });
    let done = 0;
    renderApp(<DeviceGroupForm group={group} onDone={() => (done += 1)} />);
    expect((screen.getByLabelText('Nome do grupo') as HTMLInputElement).value).toBe('Lojas do Centro');
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Centro e arredores');
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Descrição'));
    await user.type(screen.getByLabelText('Descrição'), 'Só o centro');
    await user.click(screen.getByRole('button', { name: 'Atualizar Grupo' }));
    await expectToast('Erro', 'Erro interno do servidor');
    expect(done).toBe(0);
    status = 200;
    await user.click(screen.getByRole('button', { name: 'Atualizar Grupo' }));
    await expectToast('Sucesso!', 'Grupo atualizado com sucesso.');
    await waitFor(() => expect(done).toBe(1));
    expect(api.callsTo('PATCH', '/api/device-groups/4').at(-1)?.body).toEqual({
      id: 4,
      name: 'Lojas do Centro',
      description: 'Só o centro',
      openingHours: null,
      offlineMinutes: null,
    });
  });
});
