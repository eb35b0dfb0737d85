import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { ADMIN_SOCKET_PATH, adminClientMessageSchema, type AdminServerMessage } from '../../contract/realtime';
import type { AuthLevel } from '../http/define-route';
import type { SessionUser } from '../auth/session-user';
import type { DomainEvent, EventBus } from './event-bus';

interface Client {
  socket: WebSocket;
  user: SessionUser;
}

/** What an admin screen is told about an event; null when it has nothing to show. */
function toMessage(event: DomainEvent): AdminServerMessage | null {
  switch (event.type) {
    case 'device.status':
      return {
        type: 'device_update',
        deviceId: event.deviceId,
        status: event.status,
        activeSessionId: event.activeSessionId,
        lastSeen: event.lastSeen,
      };
    case 'device.heartbeat':
      return { type: 'device_heartbeat', deviceId: event.deviceId, timestamp: event.timestamp };
    case 'playlist.changed':
    case 'playlist.deleted':
      return { type: 'playlist_update', playlistId: event.playlistId };
    case 'campaign.changed':
      return { type: 'playlist_update' };
    default:
      return null;
  }
}

/**
 * The admin channel (DESIGN §7): the upgrade is authenticated by the session cookie; every event
 * reaches the resource's owner and the admins, nobody else.
 */
export function registerAdminChannel(
  app: FastifyInstance,
  bus: EventBus,
  authenticate: (request: FastifyRequest, level: AuthLevel) => Promise<SessionUser | null>,
): void {
  const clients = new Set<Client>();
  const unsubscribe = bus.subscribe((event) => {
    const message = toMessage(event);
    if (!message) return;
    const data = JSON.stringify(message);
    for (const client of clients) {
      if (client.user.role === 'admin' || client.user.id === event.ownerId) client.socket.send(data);
    }
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const client of clients) client.socket.close(1001, 'server shutting down');
  });

  app.get(
    ADMIN_SOCKET_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        request.sessionUser = (await authenticate(request, 'user'))!;
      },
    },
    (socket, request) => {
      const client: Client = { socket, user: request.sessionUser! };
      clients.add(client);
      const send = (message: AdminServerMessage) => socket.send(JSON.stringify(message));
      send({ type: 'connected' });
      socket.on('message', (raw: Buffer) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(String(raw));
        } catch {
          return send({ type: 'error', error: 'Mensagem inválida' });
        }
        const message = adminClientMessageSchema.safeParse(parsed);
        if (!message.success) return send({ type: 'error', error: 'Mensagem desconhecida' });
        send({ type: 'admin_auth_success' });
      });
      socket.on('close', () => clients.delete(client));
    },
  );
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser?: SessionUser;
  }
}
