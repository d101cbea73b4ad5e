import { type NewsItem, newsEndpoints } from '@keel/contract/endpoints/news';
import type { Locale } from '@keel/contract/status';
import { requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { readNewsText } from '../../platform/news/catalogue';
import { pushUnread } from '../../platform/news/notify';
import { issueSocketTicket } from '../../platform/realtime/ticket';
import * as repo from './repo';

type Row = Awaited<ReturnType<typeof repo.listNews>>['rows'][number];

/** A message in the reader's language (the request's), whatever language its recipient had when it was written. */
const toItem = (r: Row, locale: Locale): NewsItem => ({
  nid: r.nid,
  newsType: r.news_type as NewsItem['newsType'],
  ...readNewsText(r, locale),
  pno: r.pno,
  link: r.link ? (JSON.parse(r.link) as NewsItem['link']) : null,
  readStatus: r.read_at === null ? 0 : 1,
  createTime: r.created_at,
});

/** The message centre (issue 3): messages are written by events through platform/news/notify.ts. */
export const newsModule = defineModule(newsEndpoints, (s) => ({
  'news/getMyUnreadNewsNum': async (_input, ctx) => ({ unreadNum: await repo.countUnread(s.db, requireUser(ctx).uid) }),
  'news/getMyNewsList': async (input, ctx) => {
    const { rows, total } = await repo.listNews(
      s.db,
      { uid: requireUser(ctx).uid, newsType: input.newsType, readStatus: input.readStatus },
      input.pageNum,
      input.pageSize,
    );
    return { list: rows.map((r) => toItem(r, ctx.locale)), total, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'news/getAllNewsList': async (input, ctx) => {
    const { rows, total } = await repo.listNews(
      s.db,
      { pno: input.filterPno || undefined, newsType: input.newsType, readStatus: input.readStatus },
      input.pageNum,
      input.pageSize,
    );
    return {
      list: rows.map((r) => ({ ...toItem(r, ctx.locale), uid: r.uid, userName: r.user_name })),
      total,
      pageNum: input.pageNum,
      pageSize: input.pageSize,
    };
  },
  'news/changeNewsToRead': async (input, ctx) => {
    const { uid } = requireUser(ctx);
    const changed = await repo.markRead(s.db, uid, s.now(), { nids: [...new Set(input.nidList)] });
    ctx.audit.target = input.nidList.slice(0, 20).join(',');
    if (changed > 0) await pushUnread(s, uid);
    return { changed };
  },
  'news/changeAllNewsToRead': async (input, ctx) => {
    const { uid } = requireUser(ctx);
    const changed = await repo.markRead(s.db, uid, s.now(), { newsType: input.newsType });
    if (changed > 0) await pushUnread(s, uid);
    return { changed };
  },
  'rb/getWebSocketUrl': async (_input, ctx) => issueSocketTicket(s, requireUser(ctx).uid),
}));
