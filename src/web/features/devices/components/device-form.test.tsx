// @vitest-environment jsdom
import type { DeviceGroup } from '@contract/devices';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expectToast, renderApp, startApi, type ApiCall } from '@web/test/component-harness';
import { describe, expect, it } from 'vitest';
import { DeviceForm } from './device-form';
import { aDevice } from '@web/test/device-fixture';

const groups: DeviceGroup[] = [
  {
    id: 4,
    userId: 1,
    name: 'Lojas do Centro',
    description: '',
    openingHours: null,
    offlineMinutes: null,
    createdAt: '2026-01-01T00:00:00.000Z',
  },
];
/** The groups dialog is another feature's, given by the route: here a stand-in that renders nothing. */
const NoDialog = () => null;

const device = aDevice({ paired: true });
const saved = (call: ApiCall) => ({ status: 201, body: { ...device, ...(call.body as object) } });

const codeField = () => screen.getByLabelText('Código de autenticação') as HTMLInputElement;

describe('device form', () => {
  it('a new device opens with a random 6-digit code; empty and malformed fields are refused in Portuguese', async () => {
    const api = await startApi({});
    renderApp(<DeviceForm mode="create" groups={groups} GroupsDialog={NoDialog} />, { path: '/devices/add' });
    expect(codeField().value).toMatch(/^\d{6}$/);
    const user = userEvent.setup();
    await user.clear(codeField());
    await user.type(codeField(), '12a4');
    await user.click(screen.getByRole('button', { name: 'Criar Dispositivo' }));
    expect(await screen.findByText('Nome do dispositivo é obrigatório')).toBeTruthy();
    expect(screen.getByText('Localização é obrigatória')).toBeTruthy();
    expect(screen.getByText('Código deve conter exatamente 6 dígitos')).toBeTruthy();
    expect(api.calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // "Gerar Novo" puts a valid code back, and its message goes.
    await user.click(screen.getByRole('button', { name: 'Gerar Novo' }));
    expect(codeField().value).toMatch(/^\d{6}$/);
    await waitFor(() => expect(screen.queryByText('Código deve conter exatamente 6 dígitos')).toBeNull());
  });

  it('creates the device with its group and code, then returns to the list', async () => {
    const api = await startApi({ 'POST /api/devices': saved });
    const { history } = renderApp(<DeviceForm mode="create" groups={groups} GroupsDialog={NoDialog} />, {
      path: '/devices/add',
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome do dispositivo'), 'TV Balcão');
    await user.type(screen.getByLabelText('Localização'), 'Loja Centro, 1º andar');
    await user.click(screen.getByRole('combobox', { name: 'Grupo' }));
    await user.click(await screen.findByRole('option', { name: 'Lojas do Centro' }));
    await user.clear(codeField());
    await user.type(codeField(), '654321');
    await user.click(screen.getByRole('button', { name: 'Criar Dispositivo' }));
    await expectToast('Sucesso!', 'Dispositivo criado com sucesso.');
    expect(api.callsTo('POST', '/api/devices').map((c) => c.body)).toEqual([
      {
        name: 'TV Balcão',
        location: 'Loja Centro, 1º andar',
        orientation: 'horizontal',
        layout: 'single',
        layoutId: null,
        resolution: '1920x1080',
        groupId: 4,
        openingHours: null,
        authCode: '654321',
      },
    ]);
    await waitFor(() => expect(history.at(-1)).toBe('/devices'));
  });

  it('a code already in use is replaced by a new one, with the toast that says so', async () => {
    await startApi({
      'POST /api/devices': () => ({
        status: 409,
        body: { message: 'Código de autenticação já está em uso', code: 'AUTH_CODE_DUPLICATE' },
      }),
    });
    const { history } = renderApp(<DeviceForm mode="create" groups={groups} GroupsDialog={NoDialog} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nome do dispositivo'), 'TV Balcão');
    await user.type(screen.getByLabelText('Localização'), 'Loja Centro');
    await user.clear(codeField());
    await user.type(codeField(), '111111');
    await user.click(screen.getByRole('button', { name: 'Criar Dispositivo' }));
    await expectToast('Código Duplicado', 'Este código já está em uso. Um novo código foi gerado automaticamente.');
    expect(codeField().value).toMatch(/^\d{6}$/);
    expect(codeField().value).not.toBe('111111');
    expect(history).toEqual(['/']);
  });

  it('edits a device: its values filled in, the pairing warnings shown, the server issue under its field', async () => {
    let answer: 'refuse' | 'save' = 'refuse';
    const api = await startApi({
      'PUT /api/devices/12': (call) =>
        answer === 'save'
          ? { status: 200, body: { ...device, ...(call.body as object) } }
          : {
              status: 400,
              body: {
                message: 'Dados inválidos',
                code: 'VALIDATION_ERROR',
                issues: [{ path: ['name'], message: 'Já existe um dispositivo com este nome' }],
              },
            },
    });
    const { history } = renderApp(<DeviceForm mode="edit" device={device} groups={groups} GroupsDialog={NoDialog} />);
    expect((screen.getByLabelText('Nome do dispositivo') as HTMLInputElement).value).toBe('TV Recepção');
    expect(codeField().value).toBe('482913');
    expect(screen.getByText('Código em uso por uma TV')).toBeTruthy();
    expect(
      screen.getByText(
        'Alterar o código desconecta o dispositivo: a TV precisará ser conectada novamente com o novo código.',
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Nome do dispositivo'));
    await user.type(screen.getByLabelText('Nome do dispositivo'), 'TV Entrada');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um dispositivo com este nome')).toBeTruthy();
    await expectToast('Erro', 'Dados inválidos');

    answer = 'save';
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso!', 'Dispositivo atualizado com sucesso.');
    expect(api.callsTo('PUT', '/api/devices/12').at(-1)?.body).toMatchObject({
      name: 'TV Entrada',
      authCode: '482913',
    });
    await waitFor(() => expect(history.at(-1)).toBe('/devices'));
  });
});
