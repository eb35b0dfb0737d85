import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { isServiceUnavailable } from './db/errors';
import { createRedisLimiter } from './limits/redis-limiter';
import { ensureFirstAdmin } from './features/users/user-service';
import { createInProcessEventBus } from './realtime/event-bus';
import { createRedisEventBus } from './realtime/redis-event-bus';
import { listenForCommandEvents } from './realtime/command-events';
import { backoffDelay, coalesce } from './lib/timing';

/** How long start-up waits for PostgreSQL, and the longest pause between two attempts. */
const DATABASE_WAIT_MS = 60_000;
const DATABASE_RETRY_MAX_MS = 5000;
/** Resync requests within this window after the first are served by one resync. */
const RESYNC_COALESCE_MS = 2000;

/**
 * Opens and migrates the database. A server and its PostgreSQL started together (docker-compose)
 * find it starting or not yet listening: while it is unreachable (`isServiceUnavailable`), tried
 * again with backoff for up to a minute, each attempt logged, before start-up fails
 * (docs/scaling.md, "When PostgreSQL or Redis goes away"). Any other error (a wrong password, a
 * migration's) fails at once.
 */
async function openDatabaseWhenReady(config: Config) {
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await openDatabase({
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        // PostgreSQL restarting or failing over ends our connections: logged; requests meanwhile get 503.
        onConnectionError: (error) => process.stderr.write(`PostgreSQL: ${error.message}\n`),
      });
    } catch (error) {
      const waited = Date.now() - started;
      if (!config.databaseUrl || !isServiceUnavailable(error) || waited >= DATABASE_WAIT_MS) throw error;
      const delay = Math.min(backoffDelay(attempt - 1, 500, DATABASE_RETRY_MAX_MS), DATABASE_WAIT_MS - waited);
      // The driver's words ("Connection terminated unexpectedly"), not Drizzle's "Failed query: …".
      let cause: unknown = error;
      while (cause instanceof Error && cause.cause) cause = cause.cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      process.stdout.write(
        `Aguardando o banco de dados (tentativa ${attempt}: ${reason}); nova tentativa em ${(delay / 1000).toFixed(1).replace('.', ',')} s\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** CLI entry: configuration → database (migrated) → first admin → listen; stops cleanly on signals. */
async function main() {
  const config = loadConfig();
  const database = await openDatabaseWhenReady(config);
  const admin = await ensureFirstAdmin(database.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    workspaceName: config.workspaceName,
  });
  // With REDIS_URL, every server process hears every event (docs/scaling.md); after a
  // Redis outage (or the PostgreSQL listener's) the answers kept because the bus kept them true
  // are read again and the open admin screens refetch, once per burst: after a shared Redis outage
  // the requests arrive together (its own subscription back, others' lost publishes).
  let resyncNow = () => {};
  const resync = coalesce(() => resyncNow(), RESYNC_COALESCE_MS);
  const bus = config.redisUrl
    ? await createRedisEventBus(
        config.redisUrl,
        (error) => process.stderr.write(`Redis: ${error.message}\n`),
        () => resync(),
        config.redisPrefix,
      )
    : createInProcessEventBus();
  // Without Redis, the server commands (`workspace:remove`) reach this process through PostgreSQL.
  const stopCommandEvents =
    config.databaseUrl && !config.redisUrl
      ? await listenForCommandEvents(
          config.databaseUrl,
          bus,
          (error) => process.stderr.write(`Eventos de comandos: ${error.message}\n`),
          () => resync(),
        )
      : undefined;
  // The abuse limits count in Redis too, so N processes do not multiply every budget by N.
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
  redis?.on('error', (error: Error) => process.stderr.write(`Redis (limites): ${error.message}\n`));
  const limiter = redis
    ? createRedisLimiter(redis, `${config.redisPrefix}limit:`, (error) =>
        process.stderr.write(
          `Redis (limites): contando neste processo enquanto o Redis não responde (${error.message})\n`,
        ),
      )
    : undefined;
  const probes = redis ? [{ name: 'redis' as const, check: () => redis.ping() }] : [];
  const app = await buildApp({ config, database, bus, limiter, probes });
  resyncNow = () => {
    app.resyncKeptAnswers();
    app.refetchAdminScreens();
  };

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'encerrando');
    // A deploy waits for the old process: whatever hangs (a slow database, Redis), 5 s is the end.
    const timer = setTimeout(() => process.exit(1), 5000).unref();
    try {
      resync.cancel();
      await app.close();
      await stopCommandEvents?.();
      await bus.close();
      await redis?.quit();
      await database.close();
    } finally {
      clearTimeout(timer);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${(app.server.address() as { port: number }).port}`;
  const lines = [
    `Sinalize rodando em ${url}  (banco: ${database.kind}, eventos: ${config.redisUrl ? 'redis' : 'em processo'}, dados: ${config.dataDir})`,
  ];
  if (admin) {
    lines.push('', 'Primeiro acesso: administrador criado.', `  Email: ${admin.email}`);
    lines.push(
      admin.generatedPassword
        ? `  Senha: ${admin.generatedPassword}  (anote: ela não será mostrada de novo)`
        : '  Senha: a definida em ADMIN_PASSWORD',
    );
    lines.push(`  Entre em ${url}/login`);
  }
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`Falha ao iniciar: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
