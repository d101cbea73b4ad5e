import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/client';
import { useSession } from '../session/session-store';
import { useSelectProperty } from '../session/use-select-property';
import { connectNewsSocket } from './news-socket';
import { emitPush } from './push-events';
import { refreshPropertyList } from './refresh-properties';

/** Messages that come with a change of the user's memberships: the session's property list is re-read. */
const MEMBERSHIP_TYPES = new Set(['role', 'joinResult']);

/** Query-key prefixes of the message centre (keys from `apiQuery` start with the path). */
export const UNREAD_KEY = 'news/getMyUnreadNewsNum';
export const NEWS_LIST_KEYS = ['news/getMyNewsList', 'news/getAllNewsList'] as const;

const unreadKey = (uid: string | undefined) => [UNREAD_KEY, 'me', uid] as const;

/** Refetches the message lists (after a push, a reconnect, or a change made on this page). */
export function invalidateNews(queryClient: QueryClient): void {
  for (const key of NEWS_LIST_KEYS) void queryClient.invalidateQueries({ queryKey: [key] });
  void queryClient.invalidateQueries({ queryKey: [UNREAD_KEY] });
}

/**
 * The live unread count (architecture §7), for the head's badge: fetched once per signed-in user, then kept current
 * by the WebSocket (`rb/getWebSocketUrl` hands out a one-minute ticket; every (re)connect asks for a new one). A
 * push carrying a new message also refetches the message lists, and
 * one about a membership change (role, join outcome) re-reads the session's property list. Signing out (no token) closes the socket; the
 * count is the user's, so switching property keeps it. Mount it once (the layouts' `UnreadBadge`). It is the
 * console's only socket: the other pushes go to `emitPush`, and the firmware pages' topic watch
 * (property-watch.ts) rides on it through `tapNewsSocket`.
 */
export function useUnreadNews(): number {
  const queryClient = useQueryClient();
  const uid = useSession((s) => s.userInfo?.uid);
  const token = useSession((s) => s.userInfo?.token);
  const setUnreadCount = useSession((s) => s.setUnreadCount);
  const selectProperty = useSelectProperty();
  const count = useQuery({
    queryKey: unreadKey(uid),
    queryFn: ({ signal }) => api('news/getMyUnreadNewsNum', {}, { signal, notify: false }),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const unread = token ? (count.data?.unreadNum ?? 0) : 0;

  useEffect(() => setUnreadCount(unread), [unread, setUnreadCount]);

  useEffect(() => {
    if (!token) return;
    const key = unreadKey(uid);
    const socket = connectNewsSocket({
      ticketUrl: async () => (await api('rb/getWebSocketUrl', {}, { notify: false })).url,
      onPush: (push) => {
        queryClient.setQueryData(key, { unreadNum: push.unread });
        if (!push.latest) return;
        for (const k of NEWS_LIST_KEYS) void queryClient.invalidateQueries({ queryKey: [k] });
        if (MEMBERSHIP_TYPES.has(push.latest.newsType)) void refreshPropertyList(selectProperty).catch(() => undefined);
      },
      onEvent: emitPush,
      onReconnect: () => {
        for (const k of NEWS_LIST_KEYS) void queryClient.invalidateQueries({ queryKey: [k] });
      },
    });
    const wake = () => socket.wake();
    window.addEventListener('online', wake);
    return () => {
      window.removeEventListener('online', wake);
      socket.close();
    };
  }, [token, uid, queryClient, selectProperty]);

  return unread;
}
