import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { accessSync, constants, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { PROJECT_ROOT } from '../paths';
import { eventually } from '../test/eventually';

/** The balancer's config, as docs/scaling.md shows it; only the addresses come from the environment. */
export const HAPROXY_CONFIG = path.join(PROJECT_ROOT, 'docs/haproxy.cfg');

/** Debian installs it in /usr/sbin, which a non-root PATH often lacks. */
export function findHaproxy(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const dir of dirs.filter(Boolean)) {
    const candidate = path.join(dir, 'haproxy');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export interface Balancer {
  url: string;
  output(): string;
  /**
   * Each server's state as HAProxy holds it now ("UP", "DOWN", …), asked on its stats socket: at
   * thousands of requests a second its log lines can be dropped (a pipe full), so the log is no
   * witness of a state change. Only for the three-process config, which has the socket.
   */
  states(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/**
 * docs/haproxy.cfg with a third process, named like the other two (`SINALIZE_PROCESS_C`), and a
 * stats socket for `states()`: the doc's file stays the one a two-process deploy copies, and every
 * other line is still the tested one.
 */
export function configWithThirdProcess(): { file: string; socket: string } {
  const doc = readFileSync(HAPROXY_CONFIG, 'utf8');
  const second = '    server process_b "${SINALIZE_PROCESS_B-10.0.0.12:3000}"\n';
  if (!doc.includes(second)) throw new Error(`docs/haproxy.cfg no longer has: ${second}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sinalize-haproxy-'));
  const socket = path.join(dir, 'stats.sock');
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    file,
    doc
      .replace('global\n', `global\n    stats socket ${socket} mode 600 level user\n`)
      .replace(second, `${second}    server process_c "\${SINALIZE_PROCESS_C-10.0.0.13:3000}"\n`),
  );
  return { file, socket };
}

/** `show stat` on HAProxy's stats socket: server name → status. */
function askStates(socket: string): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let csv = '';
    const client = net.connect(socket, () => client.end('show stat\n'));
    client.on('data', (d) => (csv += d));
    client.on('error', reject);
    client.on('close', () => {
      const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
      const columns = header!.split(',');
      const [name, status] = [columns.indexOf('svname'), columns.indexOf('status')];
      resolve(Object.fromEntries(rows.map((row) => row.split(',')).map((cells) => [cells[name]!, cells[status]!])));
    });
  });
}

/**
 * HAProxy in the foreground (`-db`) on docs/haproxy.cfg (with `processC`, the same plus a third
 * server), resolved once it answers through to a process.
 */
export async function startHaproxy(
  binary: string,
  addresses: { bind: string; processA: string; processB: string; processC?: string },
): Promise<Balancer> {
  const three = addresses.processC ? configWithThirdProcess() : null;
  const child = spawn(binary, ['-db', '-f', three?.file ?? HAPROXY_CONFIG], {
    env: {
      ...process.env,
      SINALIZE_BIND: addresses.bind,
      SINALIZE_PROCESS_A: addresses.processA,
      SINALIZE_PROCESS_B: addresses.processB,
      ...(addresses.processC ? { SINALIZE_PROCESS_C: addresses.processC } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://${addresses.bind}`;
  const balancer: Balancer = {
    url,
    output: () => output,
    states: () => (three ? askStates(three.socket) : Promise.reject(new Error('no stats socket'))),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
      return (await send(url, '/api/health').catch(() => null))?.status === 200;
    },
    'haproxy answering',
    10_000,
  );
  return balancer;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request on a connection of its own, from `from` (a loopback address: on Linux all of
 * 127.0.0.0/8 is local, so each stands for a different client machine).
 */
export function send(
  baseUrl: string,
  url: string,
  { from = '127.0.0.1', method = 'GET', headers = {}, body }: SendOptions = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      {
        method,
        localAddress: from,
        agent: false,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export interface SendOptions {
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A loopback address of its own for this run, so Redis's per-address counters of other runs never meet ours. */
export const clientAddress = () =>
  `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${2 + Math.floor(Math.random() * 253)}`;

/**
 * The address a server process saw for the request with this id, from its own debug line
 * "incoming request" (pino JSON: `reqId`, `req.remoteAddress`, which is Fastify's `request.ip`,
 * the one every per-address limit keys on); undefined when the request never reached it.
 */
export function seenBy(output: string, requestId: string): string | undefined {
  for (const line of output.split('\n')) {
    if (!line.includes(requestId)) continue;
    try {
      const entry = JSON.parse(line) as { reqId?: string; msg?: string; req?: { remoteAddress?: string } };
      if (entry.reqId === requestId && entry.msg === 'incoming request') return entry.req?.remoteAddress;
    } catch {
      // not a log line of its own
    }
  }
  return undefined;
}

/** A WebSocket opened from `from`, with what it received and the id of its upgrade request. */
export async function openSocket(url: string, headers: Record<string, string>, from: string) {
  const id = randomUUID();
  const socket = new WebSocket(url, { headers: { ...headers, 'x-request-id': id }, localAddress: from });
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as Record<string, unknown>));
  const closed = new Promise<number>((resolve) => socket.once('close', resolve));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return { socket, messages, id, closed };
}
