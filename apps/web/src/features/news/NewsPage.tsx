import { NEWS_TYPES, type NewsItem } from '@keel/contract/endpoints/news';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { api } from '../../shared/api/client';
import { apiQuery } from '../../shared/api/query';
import { formatTime } from '../../shared/format/time';
import { refreshPropertyList } from '../../shared/realtime/refresh-properties';
import { invalidateNews } from '../../shared/realtime/use-unread-news';
import { useSession } from '../../shared/session/session-store';
import { useSelectProperty } from '../../shared/session/use-select-property';
import { toast } from '../../shared/toast/toast-store';
import { targetOf } from './api';

const TYPE_COLORS: Record<NewsItem['newsType'], string> = {
  invite: 'blue',
  join: 'cyan',
  joinResult: 'geekblue',
  role: 'purple',
  task: 'orange',
  review: 'gold',
  system: 'default',
};

const isNewsType = (v: string | undefined): v is NewsItem['newsType'] =>
  v !== undefined && (NEWS_TYPES as readonly string[]).includes(v);

/** `/msg/MsgCenter`: my messages, newest first, filtered by type and read state (in the URL); opens what each names. */
export function NewsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const unread = useSession((s) => s.unreadCount);
  const properties = useSession((s) => s.userInfo?.propertyList);
  const selectedPno = useSession((s) => s.selectedPropertyPno);
  const selectProperty = useSelectProperty();

  const markRead = useMutation({
    mutationFn: (nids: string[]) => api('news/changeNewsToRead', { nidList: nids }),
    onSettled: () => invalidateNews(queryClient),
  });
  const markAll = async () => {
    try {
      const { changed } = await api('news/changeAllNewsToRead', {});
      toast.success(t('news.allMarked', { count: changed }));
    } catch {
      // the client has already shown the server's message
    } finally {
      invalidateNews(queryClient);
    }
  };

  const open = async (n: NewsItem) => {
    const target = targetOf(n);
    if (!target) return;
    // An invitation stays unread until it is answered (the dialog marks it read); other messages are read once opened.
    if (n.readStatus === 0 && target.kind !== 'invite') markRead.mutate([n.nid]);
    if (target.kind === 'invite') {
      await navigate({ to: '/msg/ProcessInviteMsgDialog', search: { id: target.id, nid: n.nid } as never });
      return;
    }
    let property = target.pno ? properties?.find((p) => p.pno === target.pno) : undefined;
    // A property joined (or taken over) since sign-in is not in the session's list yet: re-read it.
    if (target.pno && !property) {
      const list = await refreshPropertyList(selectProperty).catch(() => []);
      property = list.find((p) => p.pno === target.pno);
    }
    if (target.pno && !property) {
      toast.info(t('news.notMember'));
      return;
    }
    if (property && property.pno !== selectedPno) await selectProperty(property);
    await navigate({ to: target.to as never, search: (target.search ?? {}) as never });
  };

  const typeOptions = NEWS_TYPES.map((v) => ({ value: v, label: t(`news.types.${v}`) }));
  const readOptions = [
    { value: '0', label: t('news.unread') },
    { value: '1', label: t('news.read') },
  ];

  return (
    <Card
      data-testid="news-page"
      title={
        <Space>
          {t('news.title')}
          <Badge count={unread} overflowCount={99} data-testid="news-unread-count" />
        </Space>
      }
      extra={
        <ConfirmAction
          danger={false}
          // In the card's head at the top of the page: the question opens below the button, never off screen.
          placement="bottomRight"
          title={t('news.markAllConfirm')}
          onConfirm={markAll}
          buttonProps={{ disabled: unread === 0, 'data-testid': 'mark-all-read' } as never}
        >
          {t('news.markAll')}
        </ConfirmAction>
      }
    >
      <DataTable
        testId="news-table"
        rowKey="nid"
        query={(params) =>
          apiQuery('news/getMyNewsList', {
            pageNum: params.pageNum,
            pageSize: params.pageSize,
            newsType: isNewsType(params.filters.newsType) ? params.filters.newsType : undefined,
            readStatus: params.filters.readStatus === '0' ? 0 : params.filters.readStatus === '1' ? 1 : undefined,
          })
        }
        columns={[
          {
            key: 'newsType',
            title: t('news.type'),
            width: 120,
            filter: typeOptions,
            render: (n) => (
              <Tag color={TYPE_COLORS[n.newsType]} data-testid={`news-type-${n.nid}`}>
                {t(`news.types.${n.newsType}`)}
              </Tag>
            ),
          },
          {
            key: 'title',
            title: t('news.message'),
            render: (n) => (
              <div data-testid={`news-row-${n.nid}`} data-read={n.readStatus} style={{ maxWidth: 560 }}>
                <Typography.Text strong={n.readStatus === 0}>{n.title}</Typography.Text>
                <Typography.Paragraph type="secondary" style={{ margin: 0 }} ellipsis={{ rows: 2, tooltip: n.content }}>
                  {n.content}
                </Typography.Paragraph>
              </div>
            ),
          },
          { key: 'createTime', title: t('news.time'), width: 160, render: (n) => formatTime(n.createTime) },
          {
            key: 'readStatus',
            title: t('news.state'),
            width: 100,
            filter: readOptions,
            render: (n) =>
              n.readStatus === 0 ? (
                <Badge status="processing" text={t('news.unread')} data-testid={`news-unread-${n.nid}`} />
              ) : (
                <Badge status="default" text={t('news.read')} />
              ),
          },
          {
            key: 'actions',
            title: t('common.actions'),
            width: 200,
            render: (n) => (
              <Space size={4}>
                {targetOf(n) && (
                  <Button size="small" type="link" data-testid={`news-open-${n.nid}`} onClick={() => void open(n)}>
                    {n.newsType === 'invite' ? t('news.process') : t('news.open')}
                  </Button>
                )}
                {n.readStatus === 0 && (
                  <Button
                    size="small"
                    type="link"
                    data-testid={`news-read-${n.nid}`}
                    loading={markRead.isPending && markRead.variables?.[0] === n.nid}
                    onClick={() => markRead.mutate([n.nid])}
                  >
                    {t('news.markRead')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
