import net from 'node:net';

/**
 * A TCP proxy on a loopback port in front of a service (PostgreSQL, Redis), for the fault tests:
 * `cut()` destroys every live connection and every new one until `restore()`, as a restart or a
 * failover of that service looks to the server, without touching the shared service itself.
 */
export interface FaultProxy {
  port: number;
  /** `target` with its host and port replaced by the proxy's (user, password, database kept). */
  url: string;
  cut(): void;
  restore(): void;
  /** Connections that reached the service through the proxy so far. */
  readonly accepted: number;
  /** Connections refused while cut so far (a client's attempts during the outage). */
  readonly refused: number;
  close(): Promise<void>;
}

/**
 * `server` listening on a loopback port of its own, and `target` pointing at it (its user,
 * password and database kept): what the test proxies in front of a service hand out.
 */
export async function listenInFrontOf(server: net.Server, target: string): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return { port, url: url.toString() };
}

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const upstream = new URL(target);
  const host = upstream.hostname;
  const port = Number(upstream.port || (upstream.protocol.startsWith('redis') ? 6379 : 5432));
  const live = new Set<net.Socket>();
  let down = false;
  let accepted = 0;
  let refused = 0;
  const server = net.createServer((client) => {
    if (down) {
      refused += 1;
      return void client.destroy();
    }
    accepted += 1;
    const service = net.connect(port, host);
    live.add(client).add(service);
    const end = () => {
      client.destroy();
      service.destroy();
      live.delete(client);
      live.delete(service);
    };
    client.on('error', end).on('close', end);
    service.on('error', end).on('close', end);
    client.pipe(service);
    service.pipe(client);
  });
  const { port: own, url } = await listenInFrontOf(server, target);
  const cut = () => {
    down = true;
    for (const socket of live) socket.destroy();
    live.clear();
  };
  return {
    port: own,
    url,
    cut,
    restore() {
      down = false;
    },
    get accepted() {
      return accepted;
    },
    get refused() {
      return refused;
    },
    close() {
      cut();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A TCP proxy whose `hold()` stops passing the service's answers on (requests still go through)
 * until `release()`: chained in front of a `FaultProxy`, a write PostgreSQL has committed can be
 * left unanswered when the fault proxy cuts, as when a restart comes between a commit and its
 * reply (the client must not know whether its write was stored).
 */
export interface HoldProxy {
  url: string;
  hold(): void;
  release(): void;
  /** Answers kept, not yet passed on (every connection's). */
  readonly kept: number;
  close(): Promise<void>;
}

export async function startHoldProxy(target: string): Promise<HoldProxy> {
  const upstream = new URL(target);
  const live = new Set<net.Socket>();
  /** Per connection, the answers kept while held; flowing, so a close from upstream still ends both sides. */
  const flushes = new Set<() => void>();
  let held = false;
  let kept = 0;
  const server = net.createServer((client) => {
    const service = net.connect(Number(upstream.port || 5432), upstream.hostname);
    live.add(client).add(service);
    const answers: Buffer[] = [];
    const flush = () => {
      kept -= answers.length;
      while (answers.length) client.write(answers.shift()!);
    };
    flushes.add(flush);
    const end = () => {
      client.destroy();
      service.destroy();
      live.delete(client);
      live.delete(service);
      if (flushes.delete(flush)) kept -= answers.length;
    };
    client.on('error', end).on('close', end);
    service.on('error', end).on('close', end);
    client.pipe(service);
    service.on('data', (chunk: Buffer) => {
      if (!held) return void client.write(chunk);
      answers.push(chunk);
      kept += 1;
    });
  });
  const { url } = await listenInFrontOf(server, target);
  return {
    url,
    hold() {
      held = true;
    },
    release() {
      held = false;
      flushes.forEach((flush) => flush());
    },
    get kept() {
      return kept;
    },
    close() {
      live.forEach((socket) => socket.destroy());
      live.clear();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
