import { hash } from 'node:crypto';
import { type Db, precompile } from '../db/connect';
import type { SessionUser } from '../http/context';
import { newToken, sha256 } from '../ids';

/** Updating last_seen_at on every call would write on every read; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;
/** How long a session row read on SQLite may be reused when nothing at all was written meanwhile (`precompile`). */
const REUSE_MS = 1_000;

export interface Sessions {
  /** Issues a new token for the user; only its hash is stored. */
  issue(uid: string): Promise<string>;
  /** The signed-in user of a token, or null when missing, unknown, revoked, idle too long or disabled. */
  resolve(token: string | undefined): Promise<SessionUser | null>;
  revoke(tokenHash: string): Promise<void>;
  revokeAllOf(uid: string): Promise<void>;
  /** The same for several accounts in one statement (disabling up to 500 at once). */
  revokeAllOfMany(uids: readonly string[]): Promise<void>;
}

/** The user columns a credential's lookup reads (a session's, an access token's), joined as `u`. */
export const CREDENTIAL_USER_COLUMNS = ['u.uid', 'u.name', 'u.phone', 'u.email', 'u.is_operator', 'u.status'] as const;

/** The signed-in user of a credential's row (`CREDENTIAL_USER_COLUMNS`), its hash kept for sign-out. */
export const credentialUser = (
  row: { uid: string; name: string; phone: string; email: string | null; is_operator: number },
  tokenHash: string,
): SessionUser => ({
  uid: row.uid,
  name: row.name,
  phone: row.phone,
  email: row.email,
  isOperator: row.is_operator === 1,
  tokenHash,
});

export function createSessions(db: Db, now: () => number, idleMs: number): Sessions {
  // Every authenticated call runs this lookup: compiled once, and on SQLite its row reused while nothing has been
  // written (a sign-out, a revocation, a disabled account, a touch all write, so the next call reads again).
  const lookup = precompile(
    db,
    (param: (name: 'tokenHash') => string) =>
      db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.uid', 's.uid')
        .select(['s.last_seen_at', 's.revoked_at', ...CREDENTIAL_USER_COLUMNS])
        .where('s.token_hash', '=', param('tokenHash')),
    { reuseMs: REUSE_MS },
  );
  const users = new WeakMap<object, SessionUser>();
  return {
    async issue(uid) {
      const token = newToken();
      const t = now();
      await db
        .insertInto('sessions')
        .values({ token_hash: sha256(token), uid, created_at: t, last_seen_at: t, revoked_at: null })
        .execute();
      return token;
    },

    async resolve(token) {
      if (!token || token.length > 200) return null;
      // `sha256` from ids.ts in one call (no Hash object per request).
      const tokenHash = hash('sha256', token, 'hex');
      const row = (await lookup({ tokenHash }))[0];
      const t = now();
      if (!row || row.revoked_at !== null || row.status !== 1 || t - row.last_seen_at > idleMs) return null;
      if (t - row.last_seen_at > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: t }).where('token_hash', '=', tokenHash).execute();
      }
      // A reused row (same object) answers the same user object: built once, frozen because calls share it.
      let user = users.get(row);
      if (!user) {
        user = Object.freeze(credentialUser(row, tokenHash));
        users.set(row, user);
      }
      return user;
    },

    async revoke(tokenHash) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllOfMany(uids) {
      if (uids.length === 0) return;
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('uid', 'in', uids)
        .where('revoked_at', 'is', null)
        .execute();
    },
    async revokeAllOf(uid) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('uid', '=', uid)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
