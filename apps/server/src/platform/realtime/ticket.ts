import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverSecret } from '../auth/server-keys-repo';
import type { Db } from '../db/connect';
import type { Services } from '../services';

/** The WebSocket path clients connect to with `?ticket=`. */
export const SOCKET_PATH = '/ws';
const TICKET_TTL_MS = 60_000;
const SECRET_NAME = 'socket-ticket-hmac';

/** The HMAC secret, shared by every instance through the database (a ticket works on any of them). */
export async function loadTicketSecret(db: Db, now: number): Promise<Buffer> {
  const value = await serverSecret(db, SECRET_NAME, () => randomBytes(32).toString('base64'), now);
  return Buffer.from(value, 'base64');
}

const sign = (secret: Buffer, body: string) => createHmac('sha256', secret).update(body).digest('base64url');

/** Browsers cannot send a `token` header on a WebSocket, so the console trades it for a short signed ticket. */
export function issueSocketTicket(s: Services, uid: string): { url: string; expiresAt: number } {
  const expiresAt = s.now() + TICKET_TTL_MS;
  const body = `${uid}.${expiresAt}`;
  return { url: `${SOCKET_PATH}?ticket=${body}.${sign(s.ticketSecret, body)}`, expiresAt };
}

/** The uid a ticket was issued to, or null when it is forged or expired. */
export function readSocketTicket(s: Services, ticket: string): string | null {
  const parts = ticket.split('.');
  if (parts.length !== 3) return null;
  const [uid, expires, mac] = parts as [string, string, string];
  const expected = Buffer.from(sign(s.ticketSecret, `${uid}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) > s.now() ? uid : null;
}
