import { z } from 'zod';
import { READ_STATUS_ALL } from '../constants';
import { defineEndpoint, group } from '../endpoint';
import { flag, int, pageOf, pageQuery } from '../envelope';
import { ref } from '../refs';

export const NEWS_TYPES = ['invite', 'join', 'joinResult', 'role', 'task', 'review', 'system'] as const;

/** -1 all (the default), 0 unread, 1 read. */
const readStatus = () =>
  int()
    .pipe(z.union([z.literal(READ_STATUS_ALL), z.literal(0), z.literal(1)]))
    .default(READ_STATUS_ALL);

export const newsItem = z.object({
  nid: z.string(),
  newsType: z.enum(NEWS_TYPES),
  title: z.string(),
  content: z.string(),
  pno: z.string().nullable(),
  /** The related object the message centre opens. */
  link: z.object({ kind: z.string(), id: z.string() }).nullable(),
  readStatus: flag(),
  createTime: z.number().int(),
});
export type NewsItem = z.output<typeof newsItem>;

const listFilters = {
  newsType: z.enum(NEWS_TYPES).optional(),
  readStatus: readStatus(),
};

export const newsEndpoints = group(
  defineEndpoint({
    method: 'GET',
    path: 'news/getMyUnreadNewsNum',
    summary: "The signed-in user's unread message count",
    access: { kind: 'user' },
    input: z.object({}),
    output: z.object({ unreadNum: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'news/getMyNewsList',
    summary: "The signed-in user's messages, newest first",
    access: { kind: 'user' },
    input: pageQuery().extend(listFilters),
    output: pageOf(newsItem),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'news/getAllNewsList',
    summary: 'Every message on the platform (operators), newest first',
    access: { kind: 'platform' },
    input: pageQuery().extend({ ...listFilters, filterPno: z.string().trim().max(64).optional() }),
    output: pageOf(newsItem.extend({ uid: z.string(), userName: z.string() })),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'news/changeNewsToRead',
    summary: 'Mark some of my messages read',
    access: { kind: 'user' },
    input: z.object({ nidList: z.array(ref('news')).min(1).max(1000) }),
    output: z.object({ changed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'POST',
    path: 'news/changeAllNewsToRead',
    summary: 'Mark all my messages (of one type, if given) read',
    access: { kind: 'user' },
    input: z.object({ newsType: z.enum(NEWS_TYPES).optional() }),
    output: z.object({ changed: z.number().int() }),
  }),
  defineEndpoint({
    method: 'GET',
    path: 'rb/getWebSocketUrl',
    summary: 'A WebSocket path with a one-minute ticket; it pushes the unread count and new messages',
    access: { kind: 'user' },
    input: z.object({}),
    output: z.object({ url: z.string(), expiresAt: z.number().int() }),
  }),
);

/** What the WebSocket sends: the unread count, with the newest message when one just arrived. */
export interface NewsPush {
  type: 'unread';
  unread: number;
  latest?: Pick<NewsItem, 'nid' | 'newsType' | 'title' | 'content' | 'createTime'>;
}
