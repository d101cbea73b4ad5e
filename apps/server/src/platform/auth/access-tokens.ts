import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/connect';
import type { SessionUser } from '../http/context';
import { newId } from '../ids';
import { acrossProperties } from '../tenancy/filters';
import { CREDENTIAL_USER_COLUMNS, credentialUser } from './sessions';

/**
 * Personal access tokens (`Authorization: Bearer kst_…`): a credential a member makes for scripts and build
 * pipelines, bound to one property, stored as its SHA-256 and shown once, valid until it expires or is revoked.
 * An endpoint declares that it takes one (`access.credential: 'accessToken'`); the access layer (http/access.ts)
 * then checks the call as the member's own call in the token's property: membership, business and permission, as
 * for a session.
 */

export const ACCESS_TOKEN_PREFIX = 'kst_';
const DAY_MS = 86_400_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Who a token stands for: the member as a session user, the token's property and its id (for the records). */
export interface AccessTokenHolder {
  user: SessionUser;
  pno: string;
  tokenId: string;
}

/**
 * The holder of `Authorization: Bearer <token>`, or null when missing, malformed, unknown, expired, or its user is
 * disabled. Marks the token used. Membership is the access layer's to check (with the property's context).
 */
export async function resolveAccessToken(
  db: Db,
  authorization: string | undefined,
  now: number,
): Promise<AccessTokenHolder | null> {
  const token = /^Bearer\s+(\S{1,200})$/i.exec(authorization ?? '')?.[1];
  if (!token) return null;
  const tokenHash = hashOf(token);
  const row = await db
    .selectFrom('access_tokens as t')
    .innerJoin('users as u', 'u.uid', 't.uid')
    .select(['t.token_id', 't.pno', 't.expires_at', ...CREDENTIAL_USER_COLUMNS])
    .where(acrossProperties('access-token'))
    .where('t.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || Number(row.expires_at) <= now || row.status !== 1) return null;
  await db
    .updateTable('access_tokens')
    .set({ last_used_at: now })
    .where('pno', '=', row.pno)
    .where('token_id', '=', row.token_id)
    .execute();
  return {
    user: credentialUser(row, tokenHash),
    pno: row.pno,
    tokenId: row.token_id,
  };
}

/** Makes a token for a member of a property; the token itself is answered here only. */
export async function issueAccessToken(
  db: Db,
  o: { pno: string; uid: string; name: string; days: number; now: number },
): Promise<{ tokenId: string; token: string; expiresAt: number }> {
  const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const tokenId = newId();
  const expiresAt = o.now + o.days * DAY_MS;
  await db
    .insertInto('access_tokens')
    .values({
      token_id: tokenId,
      pno: o.pno,
      uid: o.uid,
      name: o.name,
      token_hash: hashOf(token),
      expires_at: expiresAt,
      created_at: o.now,
    })
    .execute();
  return { tokenId, token, expiresAt };
}

/** A member's tokens in a property, newest first (never the tokens themselves). */
export async function listAccessTokens(db: Db, pno: string, uid: string) {
  const rows = await db
    .selectFrom('access_tokens')
    .select(['token_id', 'name', 'expires_at', 'last_used_at', 'created_at'])
    .where('pno', '=', pno)
    .where('uid', '=', uid)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    tokenId: r.token_id,
    name: r.name,
    expiresAt: Number(r.expires_at),
    lastUsedAt: r.last_used_at === null ? null : Number(r.last_used_at),
    createTime: Number(r.created_at),
  }));
}

/** Revokes one of a member's tokens; false when there is no such token of theirs. */
export async function revokeAccessToken(db: Db, pno: string, uid: string, tokenId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('access_tokens')
    .where('pno', '=', pno)
    .where('uid', '=', uid)
    .where('token_id', '=', tokenId)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0) > 0;
}
