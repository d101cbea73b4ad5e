import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Expiring links a browser or a client follows without the console's `token` header (downloads, signed outputs,
 * app store images): the link's path is `<prefix>/<segments…>/<expires>/<sig>`, the signature an HMAC of the
 * segments and the expiry under the server's ticket secret and a purpose, so a link of one kind never opens another.
 * The segments name what is fetched (a property, an object); a forged, altered or expired link is refused.
 */

export interface SignedLinkKey {
  ticketSecret: Buffer;
  now(): number;
}

const bodyOf = (segments: readonly string[], expires: number | string) =>
  `${segments.map(encodeURIComponent).join('/')}/${expires}`;

const mac = (key: SignedLinkKey, purpose: string, body: string) =>
  createHmac('sha256', key.ticketSecret).update(`${purpose}:${body}`).digest('base64url');

/** A link to `segments` under `prefix`, valid until `expiresAt`. */
export function signedLink(
  key: SignedLinkKey,
  purpose: string,
  prefix: string,
  segments: readonly string[],
  expiresAt: number,
): { url: string; expiresAt: number } {
  const body = bodyOf(segments, expiresAt);
  return { url: `${prefix}/${body}/${mac(key, purpose, body)}`, expiresAt };
}

/** Whether the link's segments, expiry and signature are one the server made and it has not expired. */
export function signedLinkValid(
  key: SignedLinkKey,
  purpose: string,
  segments: readonly string[],
  expires: string,
  sig: string,
): boolean {
  const expected = Buffer.from(mac(key, purpose, bodyOf(segments, expires)));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return Number(expires) > key.now();
}
