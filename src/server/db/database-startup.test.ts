import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { eventually } from '../test/eventually';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';

const { DATABASE_URL } = process.env;

/**
 * A server and its database started together (docker-compose style): the server waits for
 * PostgreSQL, trying again with backoff, instead of failing to start (docs/scaling.md, "When
 * PostgreSQL or Redis goes away").
 */
describe.skipIf(!DATABASE_URL)('starting while the database is away', () => {
  let proxy: FaultProxy | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
  });

  it('waits for PostgreSQL, saying so at each attempt, and answers once it is there', async () => {
    proxy = await startFaultProxy(await createProcessDatabase(DATABASE_URL!, 'startup'));
    proxy.cut();
    // Resolved once /api/health answers 200; rejected if the process exits.
    const starting = startServerProcess({
      DATABASE_URL: proxy.url,
      REDIS_URL: '',
      ADMIN_EMAIL: 'admin@partida.teste',
      ADMIN_PASSWORD: 'senha-da-partida',
    });
    // Away until the server has tried twice (an exit rejects `starting` and ends the wait).
    await Promise.race([eventually(() => proxy!.refused >= 2, 'two attempts refused', 60_000), starting]);
    proxy.restore();
    server = await starting;

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const output = server.output();
    expect(output).toMatch(/Aguardando o banco de dados \(tentativa 2\b/);
    expect(output).not.toContain('Falha ao iniciar');
  }, 90_000);
});

/**
 * docker-compose replicas started together all migrate the same fresh database at once: the
 * migration runs under an advisory lock, so one applies it and the others find it applied
 * (docs/scaling.md, "When PostgreSQL or Redis goes away"). Without the lock, the losers fail on
 * 42P07/23505 and exit "Falha ao iniciar".
 */
describe.skipIf(!DATABASE_URL)('replicas migrating at once', () => {
  it('lets every one of three processes opening a fresh database at the same moment start', async () => {
    for (let round = 0; round < 3; round++) {
      const url = await createProcessDatabase(DATABASE_URL!, `migrate_${round}`);
      const opened = await Promise.allSettled(
        Array.from({ length: 3 }, () => openDatabase({ databaseUrl: url, dataDir: '/nonexistent' })),
      );
      const failures = opened.flatMap((o) => (o.status === 'rejected' ? [String(o.reason)] : []));
      await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
      expect(failures).toEqual([]);
    }
  }, 120_000);
});
