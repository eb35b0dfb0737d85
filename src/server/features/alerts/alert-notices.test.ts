import { createHmac } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertNotice } from '../../../contract/alerts';
import type { Config } from '../../config';
import { alertDeliveries, devices } from '../../db/schema';
import { makeDevice, makeMedia, makePairedDevice, signedInUser } from '../../test/factories';
import { eventually } from '../../test/eventually';
import { startHookReceiver, startSmtpServer } from '../../test/mail-and-hooks';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/test-app';
import { webhookAttempts } from './alert-jobs';

/**
 * docs/alerts.md: the app's own job queue checks the screens every 100 ms here (every minute in
 * production); mail goes to a real SMTP server on loopback, webhooks to a real HTTP receiver.
 */
describe('offline alerts: incidents, email and webhooks', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startHookReceiver>>;
  const alerts: Config['alerts'] = {
    smtpUrl: undefined,
    from: 'Sinalize <alertas@teste.local>',
    publicUrl: 'https://painel.exemplo.com.br',
    scanIntervalMs: 100,
  };
  beforeAll(async () => {
    [smtp, receiver] = await Promise.all([startSmtpServer(), startHookReceiver()]);
    alerts.smtpUrl = smtp.url;
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), receiver.close()]);
  });
  // A small quota: the storage test fills 90 % of it with a few kilobytes.
  const t = useTestApp({ alerts, storageQuotaBytes: 10_000 }, { jobs: { pollIntervalMs: 100 } });

  async function workspaceWithScreens(count: number) {
    const admin = await signedInUser(t.app, t.database, 'admin');
    const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload ? { payload } : {}) });
    const screens = [];
    for (let i = 1; i <= count; i++)
      screens.push(
        await makeDevice(t, { owner: admin, name: `Tela ${String(i).padStart(2, '0')}`, location: 'Loja Centro' }),
      );
    const ids = screens.map((s) => s.id);
    // Paired (a TV holds a token): pairing 20 TVs through the API would meet its rate limit.
    await t.database.db
      .update(devices)
      .set({ tokenHash: sql`'token-' || ${devices.id}` })
      .where(inArray(devices.id, ids));
    /** The screens' last contact `minutes` ago and offline (what presence writes when a TV goes quiet). */
    const goQuiet = (minutes: number, which = ids) =>
      t.database.db
        .update(devices)
        .set({ status: 'offline', lastSeen: sql`now() - make_interval(mins => ${minutes})` })
        .where(inArray(devices.id, which));
    const comeBack = (which = ids) =>
      t.database.db.update(devices).set({ status: 'online', lastSeen: new Date() }).where(inArray(devices.id, which));
    return { admin, call, screens, ids, goQuiet, comeBack };
  }

  /** Finished passes over the screens. */
  const scans = async () =>
    (
      (await t.database.db.execute(
        sql`select count(*)::int as n from jobs where kind = 'alerts.scan' and status = 'completed'`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n;

  const verify = (secret: string, hook: { headers: Record<string, unknown>; body: string }) =>
    hook.headers['x-sinalize-signature'] ===
    `sha256=${createHmac('sha256', secret)
      .update(`${String(hook.headers['x-sinalize-timestamp'])}.${hook.body}`)
      .digest('hex')}`;

  it('tells of 20 screens falling at once in one email and one signed webhook, then of their return, never twice', async () => {
    smtp.mails.length = 0;
    receiver.hooks.length = 0;
    const w = await workspaceWithScreens(20);
    expect(
      (
        await w.call('PUT', '/api/alerts/settings', {
          emails: ['Ops@Loja.com.br', 'ti@loja.com.br'],
          offlineMinutes: 10,
        })
      ).statusCode,
    ).toBe(200);
    const hook = await w.call('POST', '/api/alerts/webhooks', { url: receiver.url, secret: 'segredo-de-teste-123' });
    expect(hook.statusCode, hook.body).toBe(201);

    // Offline for 5 minutes: not yet an incident.
    await w.goQuiet(5);
    const quiet = await scans();
    await eventually(async () => (await scans()) >= quiet + 3, 'three scans');
    expect((await w.call('GET', '/api/alerts/incidents')).json()).toEqual([]);
    await w.goQuiet(12);
    await eventually(async () => smtp.mails.length >= 1 && receiver.hooks.length >= 1, 'the offline notice');

    const [mail] = smtp.mails;
    expect(mail!.to.sort()).toEqual(['ops@loja.com.br', 'ti@loja.com.br']);
    expect(mail!.text).toContain('Estas 20 telas estão sem contato com o servidor:');
    for (const screen of w.screens) expect(mail!.text).toContain(`- ${screen.name} (Loja Centro): visto por último em`);
    expect(mail!.text).toContain('Abra o painel: https://painel.exemplo.com.br/devices');
    const [posted] = receiver.hooks;
    expect(verify('segredo-de-teste-123', posted!)).toBe(true);
    const notice = JSON.parse(posted!.body) as AlertNotice;
    expect(notice).toMatchObject({ event: 'screens.offline', panelUrl: 'https://painel.exemplo.com.br/devices' });
    expect(notice.screens.map((s) => s.name)).toEqual(w.screens.map((s) => s.name));

    const incidents = await w.call('GET', '/api/alerts/incidents?status=open');
    expect(incidents.json()).toHaveLength(20);

    await w.comeBack();
    await eventually(async () => smtp.mails.length >= 2 && receiver.hooks.length >= 2, 'the return notice');
    expect(smtp.mails[1]!.text).toContain('Estas 20 telas voltaram a ter contato com o servidor:');
    expect(JSON.parse(receiver.hooks[1]!.body)).toMatchObject({ event: 'screens.online' });
    expect((await w.call('GET', '/api/alerts/incidents?status=open')).json()).toEqual([]);
    const all = (await w.call('GET', '/api/alerts/incidents')).json() as Array<{ endedAt: string | null }>;
    expect(all).toHaveLength(20);
    expect(all.every((i) => i.endedAt !== null)).toBe(true);

    // Many more passes: nothing new to tell.
    const before = await scans();
    await eventually(async () => (await scans()) >= before + 5, 'five more scans');
    expect(smtp.mails).toHaveLength(2);
    expect(receiver.hooks).toHaveLength(2);
  });

  it('tries a webhook again after a 500 and an email after a refusal, logging each attempt', async () => {
    smtp.mails.length = 0;
    receiver.hooks.length = 0;
    const w = await workspaceWithScreens(1);
    await w.call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 3 });
    await w.call('POST', '/api/alerts/webhooks', { url: receiver.url });
    receiver.answer(500);
    smtp.refuse(1);
    await w.goQuiet(4);
    const deliveries = () => t.database.db.select().from(alertDeliveries).orderBy(alertDeliveries.id);
    await eventually(
      async () => (await deliveries()).filter((d) => d.status === 'failed').length === 2,
      'two failures',
    );
    // Each failure is logged before its job records the failed attempt (back to queued, a minute
    // ahead): once both are queued again, the test moves their time instead of waiting.
    const requeued = async () =>
      (
        (await t.database.db.execute(
          sql`select count(*)::int as n from jobs where status = 'queued' and attempts = 1 and kind in ('alerts.email', 'alerts.webhook')`,
        )) as unknown as { rows: Array<{ n: number }> }
      ).rows[0]!.n;
    await eventually(async () => (await requeued()) === 2, 'both attempts recorded as failed');
    await t.database.db.execute(
      sql`update jobs set run_at = now() where status = 'queued' and kind like 'alerts.%' and kind <> 'alerts.scan'`,
    );
    // Logged after the receiver answered: the log's fourth line is the end of it.
    await eventually(async () => (await deliveries()).length === 4, 'the retried deliveries logged');
    expect([smtp.mails.length, receiver.hooks.length]).toEqual([1, 1]);
    const log = (await w.call('GET', '/api/alerts/deliveries')).json() as Array<Record<string, unknown>>;
    expect(log.map((d) => [d.channel, d.status, d.attempt, d.httpStatus]).sort()).toEqual(
      [
        ['email', 'failed', 1, null],
        ['email', 'ok', 2, null],
        ['webhook', 'failed', 1, 500],
        ['webhook', 'ok', 2, 200],
      ].sort(),
    );
    expect(log.find((d) => d.channel === 'email' && d.status === 'failed')).toMatchObject({
      detail: 'O servidor de e-mail recusou a mensagem (451).',
    });
    expect(smtp.mails[0]!.text).toContain('Esta tela está sem contato com o servidor:');
  });

  it('tells once with two apps on one database, each with its own queue and its own pass every 100 ms', async () => {
    smtp.mails.length = 0;
    receiver.hooks.length = 0;
    const second = await buildApp({
      config: testConfig({ alerts }),
      database: t.database,
      jobs: { pollIntervalMs: 50 },
    });
    try {
      const w = await workspaceWithScreens(3);
      await w.call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 10 });
      await w.call('POST', '/api/alerts/webhooks', { url: receiver.url });
      await w.goQuiet(30);
      await eventually(async () => smtp.mails.length >= 1 && receiver.hooks.length >= 1, 'the offline notice');
      await w.comeBack();
      await eventually(async () => smtp.mails.length >= 2 && receiver.hooks.length >= 2, 'the return notice');
      const before = await scans();
      await eventually(async () => (await scans()) >= before + 6, 'more passes by both');
      expect(smtp.mails.map((m) => m.text.includes('Estas 3 telas estão sem contato'))).toEqual([true, false]);
      expect(receiver.hooks.map((h) => (JSON.parse(h.body) as AlertNotice).event)).toEqual([
        'screens.offline',
        'screens.online',
      ]);
    } finally {
      await second.close();
    }
  });

  it("tells nothing of a screen outside its opening hours, and waits for a group's own minutes", async () => {
    smtp.mails.length = 0;
    const w = await workspaceWithScreens(3);
    await w.call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 10 });
    const [asleep, grouped, plain] = w.screens;
    // Never open (no interval): a TV that sleeps as told.
    const edited = await w.call('PUT', `/api/devices/${asleep!.id}`, { ...asleep, openingHours: { weekly: [] } });
    expect(edited.statusCode, edited.body).toBe(200);
    const group = await w.call('POST', '/api/device-groups', { name: 'Depósitos', offlineMinutes: 60 });
    expect(group.json()).toMatchObject({ offlineMinutes: 60, openingHours: null });
    await w.call('PUT', `/api/devices/${grouped!.id}`, { ...grouped, groupId: group.json().id });
    await w.goQuiet(30);
    await eventually(async () => smtp.mails.length >= 1, 'the notice of the plain screen');
    expect(smtp.mails[0]!.text).toContain('Esta tela está sem contato com o servidor:');
    expect(smtp.mails[0]!.text).toContain(`- ${plain!.name} (`);
    const quiet = await scans();
    await eventually(async () => (await scans()) >= quiet + 3, 'three more scans');
    expect(smtp.mails).toHaveLength(1);
    // Past the group's hour, its screen is told; the sleeping one never is.
    await w.goQuiet(70, [grouped!.id, asleep!.id]);
    await eventually(async () => smtp.mails.length >= 2, "the group's screen");
    expect(smtp.mails[1]!.text).toContain(`- ${grouped!.name} (`);
    expect(smtp.mails.some((m) => m.text.includes(asleep!.name))).toBe(false);
    // A device's PUT without openingHours keeps them.
    const { openingHours: _left, ...withoutHours } = asleep!;
    await w.call('PUT', `/api/devices/${asleep!.id}`, { ...withoutHours, name: 'Tela dormindo' });
    expect((await w.call('GET', `/api/devices/${asleep!.id}`)).json()).toMatchObject({ openingHours: { weekly: [] } });
  });

  it('tells once when the media reach 90 % of the quota, and again after going under it', async () => {
    smtp.mails.length = 0;
    receiver.hooks.length = 0;
    const w = await workspaceWithScreens(0);
    await w.call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 10 });
    await w.call('POST', '/api/alerts/webhooks', { url: receiver.url });
    const first = await makeMedia(t, { userId: w.admin.user.id, size: 8_000 });
    await makeMedia(t, { userId: w.admin.user.id, size: 1_200 });
    await eventually(async () => smtp.mails.length >= 1 && receiver.hooks.length >= 1, 'the storage notice');
    expect(smtp.mails[0]!.text).toContain('As mídias ocupam');
    expect(smtp.mails[0]!.text).toContain('(92 %)');
    expect(JSON.parse(receiver.hooks[0]!.body)).toMatchObject({
      event: 'storage.quota',
      storage: { usedBytes: 9_200, quotaBytes: 10_000 },
      screens: [],
    });
    const quiet = await scans();
    await eventually(async () => (await scans()) >= quiet + 3, 'three more scans');
    expect(smtp.mails).toHaveLength(1);
    // Under 90 % again, then over: told again.
    expect((await w.call('DELETE', `/api/media/${first.id}`)).statusCode).toBe(204);
    const under = await scans();
    await eventually(async () => (await scans()) >= under + 2, 'two scans under the line');
    await makeMedia(t, { userId: w.admin.user.id, size: 8_000 });
    await eventually(async () => smtp.mails.length >= 2, 'the second storage notice');
  });

  it('tells of a media failing 3 times within an hour on a screen, once an hour', async () => {
    smtp.mails.length = 0;
    const w = await workspaceWithScreens(0);
    await w.call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 10 });
    const { headers } = await makePairedDevice(t, { owner: w.admin, name: 'TV Vitrine', location: 'Loja Sul' });
    const video = await makeMedia(t, { userId: w.admin.user.id, originalName: 'promo.mp4', mimeType: 'video/mp4' });
    const report = (count: number, at = new Date()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tv/playback-errors',
        headers,
        payload: {
          errors: Array.from({ length: count }, () => ({
            mediaId: video.id,
            message: 'O vídeo não pôde ser decodificado.',
            at: at.toISOString(),
          })),
        },
      });
    expect((await report(2)).statusCode).toBe(204);
    const quiet = await scans();
    await eventually(async () => (await scans()) >= quiet + 2, 'two scans');
    expect(smtp.mails).toHaveLength(0);
    expect((await report(1)).statusCode).toBe(204);
    await eventually(async () => smtp.mails.length >= 1, 'the playback notice');
    expect(smtp.mails[0]!.text).toContain(
      '- "promo.mp4" em TV Vitrine (Loja Sul): 3 falhas na última hora; última: O vídeo não pôde ser decodificado.',
    );
    await report(5);
    const after = await scans();
    await eventually(async () => (await scans()) >= after + 3, 'three more scans');
    expect(smtp.mails).toHaveLength(1);

    // Bad input: nothing stored.
    for (const payload of [{ errors: [] }, { errors: [{ mediaId: 'x', message: 'a', at: 'b' }] }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/tv/playback-errors', headers, payload });
      expect(res.statusCode).toBe(400);
    }
    const future = await report(1, new Date(Date.now() + 3 * 86_400_000));
    expect(future.json()).toMatchObject({ message: 'Falha com data no futuro: confira o relógio da TV.' });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/tv/playback-errors', payload: { errors: [] } })).statusCode,
    ).toBe(401);
  });

  it('retries a webhook for a day: 27 attempts at 1, 5, 15, 60 minutes, then hourly', () => {
    expect(webhookAttempts()).toBe(27);
  });
});
