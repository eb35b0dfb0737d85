import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { WebSocket } from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVICE_REVOKED_CLOSE_CODE } from '../../../contract/realtime';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { listenForCommandEvents } from '../../realtime/command-events';
import { login } from '../../test/factories';
import { testConfig, useTestApp } from '../../test/test-app';
import { testDatabaseUrl } from '../../test/test-database';
import { filesUnder, noisePng, uploadSettled } from '../../test/uploads';
import { runWorkspaceCommand } from './workspace-command';
import { tvHeaders } from '../../test/api-factories';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a command as `npm run workspace:*` would, with this environment only; its exit code and output. */
async function run(env: NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runWorkspaceCommand(args, {
    env: { LOG_LEVEL: 'silent', ...env },
    out: (l) => out.push(l),
    err: (l) => err.push(l),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const passwordIn = (output: string) => /Senha: (\S+)/.exec(output)?.[1];

/** The embedded database: the command runs while no server has it open. */
describe('workspace commands on PGlite (DATA_DIR)', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-workspace-cli-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };

  /** The server on that DATA_DIR, for as long as `use` runs (then the command may open it again). */
  async function withServer<T>(use: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
    const database = await openDatabase({ dataDir });
    const app = await buildApp({
      config: testConfig({
        dataDir,
        loginRateLimitPerMinute: 10_000,
        tv: { ...testConfig().tv, pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 } },
      }),
      database,
    });
    try {
      return await use(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('creates workspaces with their first admin, refuses a taken email, removes one with --yes (its rows, files and TV tokens)', async () => {
    const first = await run(
      env,
      'create',
      '--name',
      'Padaria Central',
      '--admin-email',
      'Chefe@Padaria.com.br',
      '--admin-password',
      'senha-da-padaria',
    );
    expect(first, first.err).toMatchObject({ code: 0 });
    expect(first.out).toContain('Workspace "Padaria Central" criado');
    expect(first.out).not.toContain('senha-da-padaria');
    const second = await run(env, 'create', '--name', 'Mercado Bom', '--admin-email', 'dono@mercado.com.br');
    expect(second.code, second.err).toBe(0);
    const generated = passwordIn(second.out);
    expect(generated).toMatch(/^[\w-]{16}$/);

    const taken = await run(env, 'create', '--name', 'Outra', '--admin-email', 'chefe@padaria.com.br');
    expect(taken).toMatchObject({
      code: 1,
      err: 'Já existe um usuário com o email chefe@padaria.com.br. Use outro email para o administrador.',
    });
    expect((await run(env, 'create', '--admin-email', 'x@y.com.br')).code).toBe(2);
    expect((await run(env, 'create', '--name', 'X', '--admin-email', 'nao-e-email')).code).toBe(2);

    // Each admin signs in to their own workspace; the market gets a TV and an image.
    const market = await withServer(async (app) => {
      const padaria = await login(app, 'chefe@padaria.com.br', 'senha-da-padaria');
      expect(
        (await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: padaria } })).json().workspace.name,
      ).toBe('Padaria Central');
      const cookie = await login(app, 'dono@mercado.com.br', generated);
      expect((await app.inject({ method: 'GET', url: '/api/users', headers: { cookie } })).json()).toHaveLength(1);
      const image = await uploadSettled(app, cookie, { content: await noisePng(32, 32), filename: 'oferta.png' });
      await app.inject({
        method: 'POST',
        url: '/api/devices',
        headers: { cookie },
        payload: { name: 'TV', location: 'Caixa', resolution: '1920x1080', authCode: '246810' },
      });
      const { token } = (
        await app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '246810' } })
      ).json();
      const kept = await uploadSettled(app, padaria, { content: await noisePng(32, 32, 9), filename: 'pao.png' });
      return { image, token: token as string, kept };
    });
    const stored = () => filesUnder(path.join(dataDir, 'media')).map((f) => path.basename(f));
    expect(stored()).toContain(market.image.filename);

    const unconfirmed = await run(env, 'remove', '--name', 'mercado bom');
    expect(unconfirmed.code).toBe(1);
    expect(unconfirmed.err).toContain('Confirme com --yes');
    expect(unconfirmed.err).toContain('1 usuário(s), 1 dispositivo(s), 1 mídia(s)');
    expect(stored()).toContain(market.image.filename);
    expect((await run(env, 'remove', '--name', 'Não existe', '--yes')).code).toBe(1);

    const removed = await run(env, 'remove', '--name', 'mercado bom', '--yes');
    expect(removed.code, removed.err).toBe(0);
    expect(removed.out).toContain('1 TV(s) desconectada(s), 1 arquivo(s) de mídia apagado(s)');
    expect(stored()).not.toContain(market.image.filename);
    expect(stored()).toContain(market.kept.filename);

    await withServer(async (app) => {
      expect(
        (
          await app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'dono@mercado.com.br', password: generated },
          })
        ).statusCode,
      ).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(market.token) })).statusCode,
      ).toBe(401);
      const padaria = await login(app, 'chefe@padaria.com.br', 'senha-da-padaria');
      expect(
        (await app.inject({ method: 'GET', url: '/api/media', headers: { cookie: padaria } })).json(),
      ).toHaveLength(1);
    });
  }, 120_000);

  it('refuses to open the embedded database while a server has it open', async () => {
    const database = await openDatabase({ dataDir });
    try {
      // Another process holds it: the lock names that process (the server's pid, not ours).
      writeFileSync(path.join(dataDir, 'db.lock'), String(process.ppid));
      const refused = await run(env, 'create', '--name', 'Durante', '--admin-email', 'durante@exemplo.com.br');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('pare o servidor');
    } finally {
      await database.close();
    }
    // Closed: the lock is gone, the command runs.
    expect((await run(env, 'create', '--name', 'Depois', '--admin-email', 'depois@exemplo.com.br')).code).toBe(0);
  }, 60_000);
});

/** PostgreSQL: the server keeps running; without Redis the command reaches it through NOTIFY. */
describe.skipIf(!process.env.DATABASE_URL)('workspace commands on PostgreSQL, with the server running', () => {
  const t = useTestApp({
    tv: {
      flushIntervalMs: 40,
      offlineAfterMs: 60_000,
      pairing: { perAddressPerMinute: 1000, globalPerMinute: 1000, failureDelayMs: 10 },
    },
  });
  const env = {
    DATABASE_URL: testDatabaseUrl(),
    REDIS_URL: '',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'sinalize-workspace-cli-pg-')),
  };
  let stopListening: (() => Promise<void>) | undefined;
  afterAll(async () => stopListening?.());

  it("removing a workspace closes its TVs' sockets with 4001 at once and their next call gets 401", async () => {
    const listenerErrors: Error[] = [];
    stopListening ??= await listenForCommandEvents(testDatabaseUrl()!, t.bus, (error) => listenerErrors.push(error));
    const created = await run(
      env,
      'create',
      '--name',
      'Loja Remota',
      '--admin-email',
      'remota@exemplo.com.br',
      '--admin-password',
      'senha-remota-1',
    );
    expect(created.code, created.err).toBe(0);
    const cookie = await login(t.app, 'remota@exemplo.com.br', 'senha-remota-1');
    await t.app.inject({
      method: 'POST',
      url: '/api/devices',
      headers: { cookie },
      payload: { name: 'TV', location: 'Loja', resolution: '1920x1080', authCode: '135790' },
    });
    const { token } = (
      await t.app.inject({ method: 'POST', url: '/api/tv/authenticate', payload: { code: '135790' } })
    ).json();
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).statusCode).toBe(
      200,
    );
    const socket: WebSocket = await t.app.injectWS('/ws/device', { headers: tvHeaders(token) });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    const removed = await run(env, 'remove', '--name', 'Loja Remota', '--yes');
    expect(removed.code, removed.err).toBe(0);
    expect(await Promise.race([closed, sleep(10_000).then(() => 'still open after 10 s')])).toBe(
      DEVICE_REVOKED_CLOSE_CODE,
    );
    // The token was cached by this server: the event dropped it.
    expect((await t.app.inject({ method: 'GET', url: '/api/tv/content', headers: tvHeaders(token) })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(401);
    expect(listenerErrors).toEqual([]);
  }, 60_000);
});
