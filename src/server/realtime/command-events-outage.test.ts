import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';

const { DATABASE_URL } = process.env;
const ADMIN = { email: 'admin@comandos.teste', password: 'senha-dos-comandos' };

/**
 * A server on PostgreSQL without Redis hears the server commands' events through `LISTEN
 * sinalize_commands` (realtime/command-events.ts). When PostgreSQL restarts or ends that connection,
 * the process listens again by itself and, as what was sent meanwhile is lost, drops what it kept
 * and tells the admin screens to refetch (docs/scaling.md, "When PostgreSQL or Redis goes away").
 */
describe.skipIf(!DATABASE_URL)('the server commands’ events after PostgreSQL goes away', () => {
  let directUrl = '';
  let database: FaultProxy;
  let server: ServerProcess;
  let cookie = '';
  let workspaceId = 0;
  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: directUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  /** What a `workspace:remove` sends: here a group event, which an admin socket shows as `device_group_update`. */
  const notify = (groupId: number) =>
    sql(`select pg_notify('sinalize_commands', $1)`, [JSON.stringify({ type: 'group.changed', groupId, workspaceId })]);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${server.url}${path}`, {
      ...init,
      headers: { cookie, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    });

  beforeAll(async () => {
    directUrl = await createProcessDatabase(DATABASE_URL!, 'commands');
    database = await startFaultProxy(directUrl);
    server = await startServerProcess({
      DATABASE_URL: database.url,
      REDIS_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SESSION_SECRET: 'c'.repeat(48),
    });
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const [row] = await sql<{ workspaceId: number }>(
      'select workspace_id as "workspaceId" from users where email = $1',
      [ADMIN.email],
    );
    workspaceId = row!.workspaceId;
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await database?.close();
  });

  it('listens again after a PostgreSQL restart and after pg_terminate_backend, and resyncs what the lost notifications kept stale', async () => {
    const created = await api('/api/devices', {
      method: 'POST',
      body: JSON.stringify({ name: 'TV do caixa', location: 'Loja', resolution: '1920x1080', authCode: '246810' }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const nameOnServer = async () => {
      const res = await api('/api/devices');
      return res.ok ? ((await res.json()) as Array<{ id: number; name: string }>).find((d) => d.id === id)?.name : null;
    };
    expect(await nameOnServer()).toBe('TV do caixa');

    const admin = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { cookie } });
    const heard: Array<{ type: string; groupId?: number }> = [];
    admin.on('message', (raw) => heard.push(JSON.parse(String(raw)) as { type: string }));
    await new Promise((resolve) => admin.once('open', resolve));
    /** One notification, and whether the admin socket showed it within a second: the server listens (again). */
    let group = 1_000;
    const reaches = async () => {
      const sent = ++group;
      await notify(sent);
      const shown = () => heard.some((m) => m.type === 'device_group_update' && m.groupId === sent);
      return eventually(shown, 'shown', 1000).then(
        () => true,
        () => false,
      );
    };
    await eventually(reaches, 'a notification heard before the outage', 10_000);

    // PostgreSQL restarts: every connection of the process ends. A removal runs meanwhile (its
    // rename stands in for what it changed) and its notification is lost for this process.
    database.cut();
    await sql('update devices set name = $1 where id = $2', ['TV renomeada na queda', id]);
    await notify(999);
    database.restore();

    await eventually(reaches, 'a notification heard after PostgreSQL came back', 20_000);
    await eventually(async () => (await nameOnServer()) === 'TV renomeada na queda', 'the kept list read again');
    expect(heard.some((m) => m.type === 'resync')).toBe(true);

    // The listening connection alone ended by the database.
    const resyncs = heard.filter((m) => m.type === 'resync').length;
    const ended = await sql(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'sinalize_commands'`,
    );
    expect(ended).toHaveLength(1);
    await eventually(reaches, 'a notification heard after pg_terminate_backend', 20_000);
    // Resyncs are coalesced over a short window (main.ts): the second one comes a moment later.
    await eventually(
      () => heard.filter((m) => m.type === 'resync').length > resyncs,
      'a resync after pg_terminate_backend',
      10_000,
    );
    expect(server.child.exitCode).toBeNull();
    admin.close();
  }, 90_000);
});
