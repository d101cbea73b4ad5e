import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connect';
import type { Database } from '../db/schema';

/** What modules read of `news`: the message centre's pages and unread count (writes are news-repo.ts). */

export interface NewsFilter {
  uid?: string;
  pno?: string;
  newsType?: string;
  /** -1 all, 0 unread, 1 read. */
  readStatus: number;
}

const where = (f: NewsFilter) => (eb: ExpressionBuilder<Database, 'news'>) => {
  const parts = [];
  if (f.uid) parts.push(eb('news.uid', '=', f.uid));
  // not a tenant filter: the operator's filter of news, which is not a property's table
  if (f.pno) parts.push(eb('news.pno', '=', f.pno));
  if (f.newsType) parts.push(eb('news.news_type', '=', f.newsType));
  if (f.readStatus === 0) parts.push(eb('news.read_at', 'is', null));
  if (f.readStatus === 1) parts.push(eb('news.read_at', 'is not', null));
  return eb.and(parts);
};

export async function listNews(db: Db, f: NewsFilter, pageNum: number, pageSize: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('news')
      .selectAll('news')
      .where(where(f))
      .orderBy('news.created_at', 'desc')
      .orderBy('news.nid', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    db
      .selectFrom('news')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where(f))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function countUnread(db: Db, uid: string): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('uid', '=', uid)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
