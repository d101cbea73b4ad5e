import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { findUserByUid } from '../auth/reads';
import { pushUnread } from '../news/notify';
import type { Services } from '../services';
import { createPropertyWatch } from './property-watch';
import { readSocketTicket, SOCKET_PATH } from './ticket';

const PING_EVERY_MS = 30_000;
/** Messages kept from before the ticket was checked. */
const EARLY_MAX = 4;

/**
 * The console's WebSocket (architecture §7): after a valid ticket it relays the user's `user:<uid>` events (unread count
 * and new messages) and starts with the current count; the client may also watch topics of the property it shows
 * (`{ type: 'watch', pno, topics }`, property-watch.ts). Closed with 4401 when the ticket is bad.
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
    // A client may send as soon as it is open: what arrives while the ticket is checked is kept for then.
    let early: string[] | null = [];
    let onText = (text: string) => {
      if (early && early.length < EARLY_MAX) early.push(text);
    };
    socket.on('message', (data, isBinary) => {
      if (!isBinary) onText(String(data));
    });
    const ticket = String((request.query as Record<string, unknown>).ticket ?? '');
    const uid = readSocketTicket(s, ticket);
    const user = uid ? await findUserByUid(s.db, uid) : undefined;
    if (!uid || user?.status !== 1) {
      socket.close(4401, 'session expired');
      return;
    }
    // Gone while the user was read: its close event has passed, so nothing would unsubscribe.
    if (socket.readyState !== socket.OPEN) return;
    const send = (event: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    };
    const unsubscribe = s.bus.subscribe(`user:${uid}`, send);
    const watch = createPropertyWatch(s, uid, send);
    onText = (text) => watch.handle(text);
    for (const text of early ?? []) watch.handle(text);
    early = null;
    const ping = setInterval(() => socket.ping(), PING_EVERY_MS);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
      watch.close();
    });
    await pushUnread(s, uid);
  });
}
