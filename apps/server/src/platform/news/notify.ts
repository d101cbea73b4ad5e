import type { Locale } from '@keel/contract/status';
import { newId } from '../ids';
import type { Services } from '../services';

export type NewsType = 'invite' | 'join' | 'joinResult' | 'role' | 'task' | 'review' | 'system';

export interface NewsText {
  title: string;
  content: string;
}

/**
 * Writes a message to a user's message centre, in the recipient's language, and pushes the new unread count.
 * `text` gives the message in both languages; the recipient's stored language picks one.
 */
export async function notify(
  s: Services,
  n: {
    uid: string;
    pno: string | null;
    type: NewsType;
    text: Record<Locale, NewsText>;
    link?: { kind: string; id: string };
  },
): Promise<string> {
  const recipient = await s.db.selectFrom('users').select('language').where('uid', '=', n.uid).executeTakeFirst();
  const locale: Locale = recipient?.language === 'en' ? 'en' : 'zh-cn';
  const nid = newId();
  const createdAt = s.now();
  const { title, content } = n.text[locale];
  await s.db
    .insertInto('news')
    .values({
      nid,
      uid: n.uid,
      pno: n.pno,
      news_type: n.type,
      title,
      content,
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
