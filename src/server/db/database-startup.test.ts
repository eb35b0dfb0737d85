import { afterAll, describe, expect, it } from 'vitest';
import { startFaultProxy, type FaultProxy } from '../test/fault-proxy';
import { createProcessDatabase, startServerProcess, type ServerProcess } from '../test/server-process';

const { DATABASE_URL } = process.env;
/** How long the database stays away while the server starts: a few of its attempts. */
const AWAY_MS = 3000;

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
    const away = new Promise((resolve) => setTimeout(resolve, AWAY_MS));
    // The process must still be waiting when the database comes back (an exit rejects `starting`).
    await Promise.race([away, starting]);
    proxy.restore();
    server = await starting;

    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const output = server.output();
    expect(output).toMatch(/Aguardando o banco de dados \(tentativa 1\b/);
    expect(output).not.toContain('Falha ao iniciar');
  }, 90_000);
});
