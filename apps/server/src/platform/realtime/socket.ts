import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { pushUnread } from '../news/notify';
import type { Services } from '../services';
import { readSocketTicket, SOCKET_PATH } from './ticket';

const PING_EVERY_MS = 30_000;

/**
 * The console's WebSocket (DESIGN §7): after a valid ticket it relays the user's `user:<uid>` events (unread count
 * and new messages) and starts with the current count. Closed with 4401 when the ticket is bad.
 */
export async function mountSocket(app: FastifyInstance, s: Services): Promise<void> {
  // In a context of its own: the plugin's onRequest/onResponse hooks then run for this route only, not for every
  // request (they cost about a quarter of a bare request's CPU; `npm run bench`).
  await app.register(async (scope) => {
    await scope.register(websocket, { options: { maxPayload: 4096 } });
    mountSocketRoute(scope, s);
  });
}

function mountSocketRoute(app: FastifyInstance, s: Services): void {
  app.get(SOCKET_PATH, { websocket: true }, async (socket, request) => {
    const ticket = String((request.query as Record<string, unknown>).ticket ?? '');
    const uid = readSocketTicket(s, ticket);
    const user = uid
      ? await s.db.selectFrom('users').select('status').where('uid', '=', uid).executeTakeFirst()
      : undefined;
    if (!uid || user?.status !== 1) {
      socket.close(4401, 'session expired');
      return;
    }
    const unsubscribe = s.bus.subscribe(`user:${uid}`, (event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    const ping = setInterval(() => socket.ping(), PING_EVERY_MS);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    await pushUnread(s, uid);
  });
}
