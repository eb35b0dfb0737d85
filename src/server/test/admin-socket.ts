import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { AdminServerMessage } from '../../contract/realtime';
import { eventually } from './eventually';

type Of<T extends AdminServerMessage['type']> = Extract<AdminServerMessage, { type: T }>;

/**
 * Everything one admin socket (`/ws`) receives, as the admin UI would, with waits for what the
 * server sends. Attach it before the first message can arrive (`openAdminSocket` does).
 */
export function listenAdmin(ws: WebSocket, timeoutMs = 3000) {
  const received: AdminServerMessage[] = [];
  ws.on('message', (raw) => received.push(JSON.parse(String(raw)) as AdminServerMessage));
  /** The first message received so far or later of that type (and matching), within `timeoutMs`. */
  const next = async <T extends AdminServerMessage['type']>(
    type: T,
    match: (m: Of<T>) => boolean = () => true,
  ): Promise<Of<T>> => {
    const find = () => received.find((m): m is Of<T> => m.type === type && match(m as Of<T>));
    await eventually(() => find() !== undefined, `a ${type} message`, timeoutMs);
    return find()!;
  };
  /**
   * Every message the server wrote to this socket so far has arrived once its answer to
   * `admin_auth` is here: the anchor of a "nothing came" check. The answer is not kept.
   */
  const roundTrip = async () => {
    const before = received.filter((m) => m.type === 'admin_auth_success').length;
    ws.send(JSON.stringify({ type: 'admin_auth' }));
    await eventually(
      () => received.filter((m) => m.type === 'admin_auth_success').length > before,
      'the answer to admin_auth',
      timeoutMs,
    );
    received.splice(
      received.findLastIndex((m) => m.type === 'admin_auth_success'),
      1,
    );
  };
  /** The server closed it (a session ended). */
  const closed = () => eventually(() => ws.readyState === ws.CLOSED, 'the socket closed by the server', timeoutMs);
  return { received, next, roundTrip, closed };
}

export type AdminListener = ReturnType<typeof listenAdmin>;

/** An admin socket opened with a session cookie (and any other headers), listened to from its first message. */
export async function openAdminSocket(app: FastifyInstance, cookie: string, headers: Record<string, string> = {}) {
  let listener: AdminListener | undefined;
  const ws = await app.injectWS(
    '/ws',
    { headers: { cookie, ...headers } },
    { onInit: (socket) => void (listener = listenAdmin(socket)) },
  );
  return { ws, ...listener! };
}
