import { newsEndpoints } from '@keel/contract/endpoints/news';
import { requireUser } from '../../platform/http/context';
import { defineModule } from '../../platform/http/mount';
import { issueSocketTicket } from '../../platform/realtime/ticket';
import * as news from './service';

/** The message centre: messages are written by events through platform/news/notify.ts. */
export const newsModule = defineModule(newsEndpoints, (s) => ({
  'news/getMyUnreadNewsNum': async (_input, ctx) => ({ unreadNum: await news.countUnread(s, requireUser(ctx).uid) }),
  'news/getMyNewsList': async (input, ctx) => {
    const { uid } = requireUser(ctx);
    const filter = { uid, newsType: input.newsType, readStatus: input.readStatus };
    const page = await news.listMyNews(s, filter, input.pageNum, input.pageSize, ctx.locale);
    return { ...page, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'news/getAllNewsList': async (input, ctx) => {
    const filter = { pno: input.filterPno || undefined, newsType: input.newsType, readStatus: input.readStatus };
    const page = await news.listAllNews(s, filter, input.pageNum, input.pageSize, ctx.locale);
    return { ...page, pageNum: input.pageNum, pageSize: input.pageSize };
  },
  'news/changeNewsToRead': async (input, ctx) => {
    ctx.audit.target = input.nidList.slice(0, 20).join(',');
    return { changed: await news.markRead(s, requireUser(ctx).uid, { nids: [...new Set(input.nidList)] }) };
  },
  'news/changeAllNewsToRead': async (input, ctx) => ({
    changed: await news.markRead(s, requireUser(ctx).uid, { newsType: input.newsType }),
  }),
  'rb/getWebSocketUrl': async (_input, ctx) => issueSocketTicket(s, requireUser(ctx).uid),
}));
