import type { Locale } from '@keel/contract/status';
import { findProperty, findUserByUid } from '../auth/reads';
import { newId } from '../ids';
import type { Services } from '../services';
import { type NewsKey, type NewsParams, renderNews } from './catalogue';

/** How long a `replacesRecent` message folds into the previous one. */
export const REPLACE_WINDOW_MS = 60_000;

export type NewsType = 'invite' | 'join' | 'joinResult' | 'role' | 'task' | 'review' | 'system';

/**
 * Writes a message to a user's message centre and pushes the new unread count. The message is stored as its
 * catalogue key and parameters (platform/news/locales), so each reader sees it in their own language: the
 * message centre renders it in the request's language, the push in the recipient's stored language.
 */
export async function notify(
  s: Services,
  n: {
    uid: string;
    pno: string | null;
    type: NewsType;
    key: NewsKey;
    /** The key's parameters; `property` defaults to the name of the property `pno`. */
    params?: NewsParams;
    link?: { kind: string; id: string };
    /**
     * The message states a whole current state (e.g. an administrator's sets and scopes): it replaces the
     * recipient's unread message of the same type, property and link written in the last minute, rather than
     * adding one, so that one change made in several calls (add a set, then limit it) is one message.
     */
    replacesRecent?: boolean;
  },
): Promise<string> {
  const recipient = await findUserByUid(s.db, n.uid);
  const locale: Locale = recipient?.language === 'en' ? 'en' : 'zh-cn';
  const createdAt = s.now();
  const params: NewsParams = { ...n.params };
  // `{property}` names the message's property unless the caller names it.
  if (n.pno !== null && params.property === undefined) {
    const property = await findProperty(s.db, n.pno);
    if (property) params.property = property.name;
  }
  const link = n.link ? JSON.stringify(n.link) : null;
  // The text in the recipient's language is kept beside the key, as the fallback of a key no longer catalogued.
  const { title, content } = renderNews(n.key, params, locale);
  const written = { title, content, news_key: n.key, params: JSON.stringify(params), created_at: createdAt };
  if (n.replacesRecent) {
    const recent = await s.db
      .selectFrom('news')
      .select('nid')
      .where('uid', '=', n.uid)
      .where('read_at', 'is', null)
      .where('news_type', '=', n.type)
      .where('created_at', '>=', createdAt - REPLACE_WINDOW_MS)
      .where((eb) => (n.pno === null ? eb('pno', 'is', null) : eb('pno', '=', n.pno)))
      .where((eb) => (link === null ? eb('link', 'is', null) : eb('link', '=', link)))
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (recent) {
      await s.db.updateTable('news').set(written).where('nid', '=', recent.nid).where('uid', '=', n.uid).execute();
      await pushUnread(s, n.uid, { nid: recent.nid, newsType: n.type, title, content, createTime: createdAt });
      return recent.nid;
    }
  }
  const nid = newId();
  await s.db
    .insertInto('news')
    .values({
      nid,
      uid: n.uid,
      pno: n.pno,
      news_type: n.type,
      ...written,
      link,
      read_at: null,
    })
    .execute();
  await pushUnread(s, n.uid, { nid, newsType: n.type, title, content, createTime: createdAt });
  return nid;
}

/** Pushes the user's unread count (and the new message, if any) to their connected clients. */
export async function pushUnread(s: Services, uid: string, latest?: Record<string, unknown>): Promise<void> {
  const row = await s.db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  await s.bus.publish(`user:${uid}`, { type: 'unread', unread: Number(row.n), ...(latest ? { latest } : {}) });
}
