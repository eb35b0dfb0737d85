import pg from 'pg';
import { backoffDelay } from '../lib/timing';

/** The first wait before listening again after the connection ended, and the longest. */
const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;

export interface PgListenerOptions {
  databaseUrl: string;
  /** The NOTIFY channel (a fixed identifier of ours, never user input). */
  channel: string;
  /** The connection's `application_name`, so an operator (or a test) can tell it in `pg_stat_activity`. */
  applicationName: string;
  onNotification: (payload: string | undefined) => void;
  onError: (error: Error) => void;
  /**
   * Called once it listens again after the connection was lost: what was notified meanwhile is
   * gone, so the caller catches up (the job queue looks for due jobs, the bus resyncs).
   */
  onReconnect?: () => void;
}

/**
 * A LISTEN on a connection of its own that survives PostgreSQL going away (docs/scaling.md, "When
 * PostgreSQL or Redis goes away"; docs/jobs.md, "Waking up"). When PostgreSQL ends the connection
 * (a restart, a failover, `pg_terminate_backend`), it is opened again with backoff and LISTENs
 * again, then `onReconnect` runs. TCP keepalive finds a connection whose peer vanished without a
 * word. The first connection's failure is thrown. Returns the function that stops listening.
 */
export async function listenOnPg(options: PgListenerOptions): Promise<() => Promise<void>> {
  const { databaseUrl, channel, applicationName, onNotification, onError, onReconnect = () => {} } = options;
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;
  const ended = new WeakSet<pg.Client>();

  async function open(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: applicationName, keepAlive: true });
    next.on('error', onError);
    next.on('notification', (message) => {
      if (message.channel !== channel) return;
      try {
        onNotification(message.payload);
      } catch (error) {
        onError(error as Error);
      }
    });
    // Only the connection in use reconnects: one that failed while opening is retried by its caller,
    // one that ended right after opening by `use`.
    next.on('end', () => {
      ended.add(next);
      if (client !== next || stopped) return;
      client = null;
      retryLater();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
      return next;
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  }

  function retryLater() {
    const delay = backoffDelay(attempt++, RETRY_FIRST_MS, RETRY_MAX_MS);
    timer = setTimeout(() => void reopen(), delay);
    timer.unref();
  }

  async function reopen() {
    let next: pg.Client;
    try {
      next = await open();
    } catch (error) {
      if (!stopped) {
        onError(error as Error);
        retryLater();
      }
      return;
    }
    if (stopped) return void next.end().catch(() => undefined);
    attempt = 0;
    use(next);
    try {
      onReconnect();
    } catch (error) {
      onError(error as Error);
    }
  }

  /** The connection now listening; one that ended before this line is replaced like any other. */
  function use(next: pg.Client) {
    client = next;
    if (ended.has(next)) {
      client = null;
      retryLater();
    }
  }

  use(await open());
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await client?.end();
  };
}
