import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import { ADMIN_SOCKET_PATH, adminClientMessageSchema, type AdminServerMessage } from '../../contract/realtime';
import { ERROR_CODES } from '../../contract/errors';
import { messages } from '../../contract/messages';
import type { SessionLevel } from '../auth/authenticate';
import { HttpError } from '../http/errors';
import { isForeignOrigin } from '../http/security';
import type { SessionUser } from '../auth/session-user';
import { adminDelivery } from './admin-messages';
import type { EventBus } from './event-bus';

interface Client {
  socket: WebSocket;
  user: SessionUser;
}

/** Close code for a socket whose session ended or changed: the client may reconnect and re-authenticate. */
export const SESSION_ENDED_CLOSE = 4001;

export interface AdminChannelDeps {
  authenticate: (request: FastifyRequest, level: SessionLevel) => Promise<SessionUser | null>;
  /** The session behind a token hash as the database has it now (null once it ended). */
  findSession: (tokenHash: string) => Promise<SessionUser | null>;
  trustedOrigins: string[];
}

/**
 * The admin channel (docs/api.md#admin-channel): the upgrade is authenticated by the session cookie and refused from
 * another site's page (a cookie-authenticated socket would otherwise be open to any page the admin
 * visits); every event reaches the sockets of the resource's workspace, nobody else (`admin-messages.ts`).
 * A socket lives as long as its session holds: `session.ended` (published by logout, password, role and removal,
 * through Redis across processes) closes the sockets it names, or re-checks that user's sockets.
 */
export function registerAdminChannel(app: FastifyInstance, bus: EventBus, deps: AdminChannelDeps): void {
  const clients = new Set<Client>();
  const end = (client: Client) => {
    clients.delete(client);
    client.socket.close(SESSION_ENDED_CLOSE, 'session ended');
  };
  const recheck = async (userId: number) => {
    for (const client of [...clients].filter((c) => c.user.id === userId)) {
      const now = await deps.findSession(client.user.sessionTokenHash);
      if (!now || now.role !== client.user.role) end(client);
    }
  };
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'session.ended') {
      if (event.tokenHash) {
        for (const c of clients) if (c.user.sessionTokenHash === event.tokenHash) end(c);
      } else {
        recheck(event.userId).catch((error: unknown) =>
          app.log.error({ err: error }, 'admin socket session re-check failed'),
        );
      }
      return;
    }
    const dataFor = adminDelivery(event);
    if (!dataFor) return;
    for (const client of clients) {
      const data = dataFor(client.user);
      if (data) client.socket.send(data);
    }
  });
  // Events this process missed (a Redis outage, its PostgreSQL listener away) never reached its
  // sockets: every open admin screen refetches what it shows (main.ts calls this on a resync).
  app.decorate('refetchAdminScreens', () => {
    const data = JSON.stringify({ type: 'resync' } satisfies AdminServerMessage);
    for (const client of clients) client.socket.send(data);
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
        if (isForeignOrigin(request, deps.trustedOrigins))
          throw new HttpError(403, messages.auth.crossSite, ERROR_CODES.forbidden);
        request.sessionUser = (await deps.authenticate(request, 'user'))!;
      },
    },
    (socket, request) => {
      const client: Client = { socket, user: request.sessionUser! };
      clients.add(client);
      // A session that ended between the upgrade's check and this line sent its event too early.
      deps
        .findSession(client.user.sessionTokenHash)
        .then((now) => {
          if (!now || now.role !== client.user.role) end(client);
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'admin socket session re-check failed'));
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
  interface FastifyInstance {
    /** Tells every open admin socket, of every workspace, to refetch what its screen shows. */
    refetchAdminScreens(): void;
  }
}
