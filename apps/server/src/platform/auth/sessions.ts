import type { Db } from '../db/connect';
import type { SessionUser } from '../http/context';
import { newToken, sha256 } from '../ids';

/** Updating last_seen_at on every call would write on every read; once a minute is enough for idle expiry. */
const TOUCH_EVERY_MS = 60_000;

export interface Sessions {
  /** Issues a new token for the user; only its hash is stored. */
  issue(uid: string): Promise<string>;
  /** The signed-in user of a token, or null when missing, unknown, revoked, idle too long or disabled. */
  resolve(token: string | undefined): Promise<SessionUser | null>;
  revoke(tokenHash: string): Promise<void>;
  revokeAllOf(uid: string): Promise<void>;
}

export function createSessions(db: Db, now: () => number, idleMs: number): Sessions {
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
      const tokenHash = sha256(token);
      const row = await db
        .selectFrom('sessions as s')
        .innerJoin('users as u', 'u.uid', 's.uid')
        .select([
          's.last_seen_at',
          's.revoked_at',
          'u.uid',
          'u.name',
          'u.phone',
          'u.email',
          'u.is_operator',
          'u.status',
        ])
        .where('s.token_hash', '=', tokenHash)
        .executeTakeFirst();
      const t = now();
      if (!row || row.revoked_at !== null || row.status !== 1 || t - row.last_seen_at > idleMs) return null;
      if (t - row.last_seen_at > TOUCH_EVERY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: t }).where('token_hash', '=', tokenHash).execute();
      }
      return {
        uid: row.uid,
        name: row.name,
        phone: row.phone,
        email: row.email,
        isOperator: row.is_operator === 1,
        tokenHash,
      };
    },

    async revoke(tokenHash) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now() })
        .where('token_hash', '=', tokenHash)
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
