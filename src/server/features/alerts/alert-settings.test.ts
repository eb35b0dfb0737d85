import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Webhook } from '../../../contract/alerts';
import { makeWorkspace, signedInUser } from '../../test/factories';
import { startHookReceiver } from '../../test/mail-and-hooks';
import { useTestApp } from '../../test/test-app';

/** docs/alerts.md#api: the settings and webhooks of a workspace, its admins' only. */
describe('alerts API', () => {
  let receiver: Awaited<ReturnType<typeof startHookReceiver>>;
  beforeAll(async () => {
    receiver = await startHookReceiver();
  });
  afterAll(() => receiver.close());
  const t = useTestApp();

  async function admin(workspaceId?: number) {
    const who = await signedInUser(t.app, t.database, 'admin', workspaceId);
    return (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  }

  it('keeps the recipients and minutes, refusing bad input in Portuguese and changing nothing', async () => {
    const call = await admin();
    expect((await call('GET', '/api/alerts/settings')).json()).toEqual({
      emails: [],
      offlineMinutes: 10,
      emailConfigured: false,
    });
    const saved = await call('PUT', '/api/alerts/settings', { emails: [' Ops@Loja.com.br '], offlineMinutes: 15 });
    expect(saved.json()).toEqual({ emails: ['ops@loja.com.br'], offlineMinutes: 15, emailConfigured: false });
    const cases: Array<[object, string]> = [
      [{ emails: ['não é e-mail'], offlineMinutes: 10 }, 'E-mail inválido: "não é e-mail".'],
      [{ emails: ['a@b.com', 'A@b.com'], offlineMinutes: 10 }, 'Cada e-mail só uma vez.'],
      [{ emails: [], offlineMinutes: 0 }, 'Informe os minutos como um número inteiro de 1 a 1440.'],
      [{ emails: [], offlineMinutes: 2.5 }, 'Informe os minutos como um número inteiro de 1 a 1440.'],
      [
        { emails: Array.from({ length: 21 }, (_, i) => `p${i}@loja.com`), offlineMinutes: 10 },
        'Informe no máximo 20 e-mails.',
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PUT', '/api/alerts/settings', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    }
    expect((await call('GET', '/api/alerts/settings')).json()).toMatchObject({
      emails: ['ops@loja.com.br'],
      offlineMinutes: 15,
    });
  });

  it('keeps webhooks: the secret shown once, a sample sent signed by "Testar", logged', async () => {
    const call = await admin();
    for (const url of ['ftp://exemplo.com/x', 'exemplo.com/hook', 'javascript:alert(1)', '']) {
      const res = await call('POST', '/api/alerts/webhooks', { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe('Informe o endereço completo do webhook, começando com http:// ou https://.');
    }
    expect((await call('POST', '/api/alerts/webhooks', { url: receiver.url, secret: 'curto' })).json().message).toBe(
      'O segredo tem de 16 a 200 caracteres.',
    );
    const created = (await call('POST', '/api/alerts/webhooks', { url: receiver.url })).json<Webhook>();
    expect(created.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(created.secretHint).toBe(`…${created.secret!.slice(-4)}`);
    const listed = (await call('GET', '/api/alerts/webhooks')).json<Webhook[]>();
    expect(listed).toEqual([
      { id: created.id, url: receiver.url, secretHint: created.secretHint, createdAt: created.createdAt },
    ]);

    receiver.hooks.length = 0;
    const tested = await call('POST', `/api/alerts/webhooks/${created.id}/test`);
    expect(tested.json()).toMatchObject({ channel: 'webhook', status: 'ok', httpStatus: 200, event: 'test' });
    const [hook] = receiver.hooks;
    const timestamp = String(hook!.headers['x-sinalize-timestamp']);
    expect(hook!.headers['x-sinalize-signature']).toBe(
      `sha256=${createHmac('sha256', created.secret!).update(`${timestamp}.${hook!.body}`).digest('hex')}`,
    );
    receiver.answer(503);
    expect((await call('POST', `/api/alerts/webhooks/${created.id}/test`)).json()).toMatchObject({
      status: 'failed',
      httpStatus: 503,
      detail: 'O receptor respondeu 503.',
    });
    expect((await call('GET', '/api/alerts/deliveries')).json()).toHaveLength(2);
    expect((await call('DELETE', `/api/alerts/webhooks/${created.id}`)).statusCode).toBe(204);
    expect((await call('GET', '/api/alerts/webhooks')).json()).toEqual([]);
  });

  it('refuses overlapping opening hours and bad minutes on devices and groups, changing nothing', async () => {
    const call = await admin();
    const device = (
      await call('POST', '/api/devices', { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '271828' })
    ).json();
    const overlapping = {
      weekly: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '11:00', end: '14:00' },
      ],
    };
    const res = await call('PUT', `/api/devices/${device.id}`, { ...device, openingHours: overlapping });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Os horários de segunda 08:00–12:00 e de segunda 11:00–14:00 se sobrepõem. Junte-os em um só ou ajuste um deles.',
    );
    expect((await call('GET', `/api/devices/${device.id}`)).json().openingHours).toBeNull();
    const group = await call('POST', '/api/device-groups', { name: 'Lojas', openingHours: overlapping });
    expect(group.statusCode).toBe(400);
    const minutes = await call('POST', '/api/device-groups', { name: 'Lojas', offlineMinutes: 0 });
    expect(minutes.json().message).toBe('Informe os minutos como um número inteiro de 1 a 1440.');
    expect((await call('GET', '/api/device-groups')).json()).toEqual([]);
  });

  it("answers 401 without a session, 403 to a non-admin, 404 for another workspace's webhook", async () => {
    const call = await admin();
    const hook = (await call('POST', '/api/alerts/webhooks', { url: receiver.url })).json<Webhook>();
    const routes: Array<[string, string]> = [
      ['GET', '/api/alerts/settings'],
      ['PUT', '/api/alerts/settings'],
      ['GET', '/api/alerts/webhooks'],
      ['POST', '/api/alerts/webhooks'],
      ['DELETE', `/api/alerts/webhooks/${hook.id}`],
      ['POST', `/api/alerts/webhooks/${hook.id}/test`],
      ['GET', '/api/alerts/deliveries'],
      ['GET', '/api/alerts/incidents'],
    ];
    const user = await signedInUser(t.app, t.database, 'user');
    for (const [method, url] of routes) {
      const anonymous = await t.app.inject({ method: method as 'GET', url, payload: {} });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const res = await t.app.inject({ method: method as 'GET', url, headers: { cookie: user.cookie }, payload: {} });
      expect(res.statusCode, `${method} ${url} as a user`).toBe(url.endsWith('incidents') ? 200 : 403);
    }
    const stranger = await admin(await makeWorkspace(t.database));
    for (const [method, url] of [
      ['DELETE', `/api/alerts/webhooks/${hook.id}`],
      ['POST', `/api/alerts/webhooks/${hook.id}/test`],
    ] as const) {
      const res = await stranger(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Webhook não encontrado');
    }
    expect((await stranger('GET', '/api/alerts/webhooks')).json()).toEqual([]);
    expect((await call('GET', '/api/alerts/webhooks')).json()).toHaveLength(1);
  });
});
