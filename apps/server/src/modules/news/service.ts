import type { NewsItem } from '@keel/contract/endpoints/news';
import type { Locale } from '@keel/contract/status';
import { userNames } from '../../platform/auth/reads';
import { readNewsText } from '../../platform/news/catalogue';
import { markRead as markNewsRead } from '../../platform/news/news-repo';
import { pushUnread } from '../../platform/news/notify';
import * as repo from '../../platform/news/reads';
import type { Services } from '../../platform/services';

/**
 * The message centre: messages are written by events through platform/news/notify.ts; this reads them
 * in the reader's language (the request's, whatever language the recipient had when one was written) and marks
 * them read, pushing the new unread count.
 */

type Row = Awaited<ReturnType<typeof repo.listNews>>['rows'][number];
type Filter = Parameters<typeof repo.listNews>[1];

const toItem = (r: Row, locale: Locale): NewsItem => ({
  nid: r.nid,
  newsType: r.news_type as NewsItem['newsType'],
  ...readNewsText(r, locale),
  pno: r.pno,
  link: r.link ? (JSON.parse(r.link) as NewsItem['link']) : null,
  readStatus: r.read_at === null ? 0 : 1,
  createTime: r.created_at,
});

export const countUnread = (s: Services, uid: string) => repo.countUnread(s.db, uid);

/** One page of the user's own messages. */
export async function listMyNews(s: Services, filter: Filter, pageNum: number, pageSize: number, locale: Locale) {
  const { rows, total } = await repo.listNews(s.db, filter, pageNum, pageSize);
  return { list: rows.map((r) => toItem(r, locale)), total };
}

/** One page of every user's messages (operators), each naming its recipient. */
export async function listAllNews(s: Services, filter: Filter, pageNum: number, pageSize: number, locale: Locale) {
  const { rows, total } = await repo.listNews(s.db, filter, pageNum, pageSize);
  const names = await userNames(
    s.db,
    rows.map((r) => r.uid),
  );
  return { list: rows.map((r) => ({ ...toItem(r, locale), uid: r.uid, userName: names.get(r.uid) ?? '' })), total };
}

/** Marks the user's messages read (the given ones, or all, or all of a type); answers how many changed. */
export async function markRead(s: Services, uid: string, which: { nids?: string[]; newsType?: string }) {
  const changed = await markNewsRead(s.db, uid, s.now(), which);
  if (changed > 0) await pushUnread(s, uid);
  return changed;
}
