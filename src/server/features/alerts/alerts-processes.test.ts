import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertNotice } from '../../../contract/alerts';
import { eventually } from '../../test/eventually';
import { startHookReceiver, startSmtpServer } from '../../test/mail-and-hooks';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../../test/server-process';

const { DATABASE_URL, REDIS_URL } = process.env;
const ADMIN = { email: 'admin@alertas.teste', password: 'senha-dos-alertas' };

/**
 * docs/alerts.md#incidents, "never twice": two real server processes on one PostgreSQL and Redis,
 * each with its own job queue asking for the pass every second. Ten screens fall and come back:
 * one email and one webhook post for each, however many passes both make.
 */
describe.skipIf(!DATABASE_URL || !REDIS_URL)('alerts with two server processes (PostgreSQL + Redis)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let receiver: Awaited<ReturnType<typeof startHookReceiver>>;
  let servers: ServerProcess[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    [smtp, receiver] = await Promise.all([startSmtpServer(), startHookReceiver()]);
    const database = await createProcessDatabase(DATABASE_URL!, 'alerts');
    const env = {
      DATABASE_URL: database,
      REDIS_URL: REDIS_URL!,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'a'.repeat(48),
      SMTP_URL: smtp.url,
      ALERT_SCAN_SECONDS: '1',
    };
    servers.push(await startServerProcess(env));
    servers.push(await startServerProcess(env));
    db = new pg.Client({ connectionString: database });
    await db.connect();
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
    await Promise.all([smtp?.close(), receiver?.close()]);
  });

  const passes = async () =>
    (
      await db.query<{ n: number }>(
        `select count(*)::int as n from jobs where kind = 'alerts.scan' and status = 'completed'`,
      )
    ).rows[0]!.n;

  it('tells each fall and each return once', async () => {
    const [a] = servers;
    const login = await fetch(`${a!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const call = (method: string, url: string, body: object) =>
      fetch(`${a!.url}${url}`, {
        method,
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect(
      (await call('PUT', '/api/alerts/settings', { emails: ['ops@loja.com.br'], offlineMinutes: 10 })).status,
    ).toBe(200);
    expect((await call('POST', '/api/alerts/webhooks', { url: receiver.url })).status).toBe(201);
    for (let i = 1; i <= 10; i++) {
      const res = await call('POST', '/api/devices', {
        name: `Tela ${i}`,
        location: 'Loja',
        resolution: '1920x1080',
        authCode: String(700_000 + i),
      });
      expect(res.status).toBe(201);
    }
    // Paired, quiet for 20 minutes: what presence leaves of TVs that went away.
    await db.query(
      `update devices set token_hash = 'token-' || id, status = 'offline', last_seen = now() - interval '20 minutes'`,
    );
    await eventually(() => smtp.mails.length >= 1 && receiver.hooks.length >= 1, 'the offline notice', 30_000);
    expect(smtp.mails[0]!.text).toContain('Estas 10 telas estão sem contato com o servidor:');
    await db.query(`update devices set status = 'online', last_seen = now()`);
    await eventually(() => smtp.mails.length >= 2 && receiver.hooks.length >= 2, 'the return notice', 30_000);
    const before = await passes();
    await eventually(async () => (await passes()) >= before + 5, 'five more passes', 30_000);
    expect(smtp.mails).toHaveLength(2);
    expect(receiver.hooks.map((h) => (JSON.parse(h.body) as AlertNotice).event)).toEqual([
      'screens.offline',
      'screens.online',
    ]);
    // Both processes ran throughout (each asks for every pass; one per second gets through).
    for (const server of servers) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  }, 120_000);
});
