import type { Locale } from '@keel/contract/status';
import { newId } from '../ids';
import type { Services } from '../services';
import { type NewsKey, type NewsParams, renderNews } from './catalogue';

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
    params?: NewsParams;
    link?: { kind: string; id: string };
  },
): Promise<string> {
  const recipient = await s.db.selectFrom('users').select('language').where('uid', '=', n.uid).executeTakeFirst();
  const locale: Locale = recipient?.language === 'en' ? 'en' : 'zh-cn';
  const nid = newId();
  const createdAt = s.now();
  const params = n.params ?? {};
  // The text in the recipient's language is kept beside the key, as the fallback of a key no longer catalogued.
  const { title, content } = renderNews(n.key, params, locale);
  await s.db
    .insertInto('news')
    .values({
      nid,
      uid: n.uid,
      pno: n.pno,
      news_type: n.type,
      title,
      content,
      news_key: n.key,
      params: JSON.stringify(params),
      link: n.link ? JSON.stringify(n.link) : null,
      read_at: null,
      created_at: createdAt,
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
