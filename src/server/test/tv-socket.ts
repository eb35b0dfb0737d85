import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { tvHeaders } from './api-factories';
import { eventually } from './eventually';

/** A message a TV got on its socket, as the push tests read it. */
export type TvMessage<M = { version: string }> = {
  type: string;
  version?: string;
  manifestFollows?: boolean;
  manifest?: M;
};

/**
 * A paired TV's socket as the player holds one, after its first `GET /api/tv/content` (so the
 * server's cache holds its pairing and the pairing's own change event, still queued, pushes
 * nothing), with what it received. `roundTrip`: once its heartbeat's ack is here, every message the
 * server wrote before has arrived (a negative check without a sleep).
 */
export async function openTvSocket<M = { version: string }>(app: FastifyInstance, token: string, timeoutMs = 15_000) {
  const headers = tvHeaders(token);
  const content = (etag?: string) =>
    app.inject({
      method: 'GET',
      url: '/api/tv/content',
      headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) },
    });
  const first = await content();
  if (first.statusCode !== 200) throw new Error(`first fetch: ${first.statusCode} ${first.body}`);
  const socket: WebSocket = await app.injectWS('/ws/device', { headers });
  const messages: Array<TvMessage<M>> = [];
  socket.on('message', (raw) => messages.push(JSON.parse(String(raw)) as TvMessage<M>));
  const acks = () => messages.filter((m) => m.type === 'heartbeat_ack').length;
  const roundTrip = async () => {
    const before = acks();
    socket.send(JSON.stringify({ type: 'heartbeat' }));
    await eventually(() => acks() > before, 'heartbeat ack', timeoutMs);
  };
  await roundTrip();
  return { socket, messages, pushes: () => messages.filter((m) => m.type !== 'heartbeat_ack'), roundTrip, content };
}
