import type { AppPushDeviceItem, AppPushItem } from '@keel/contract/endpoints/app-install';
import { ACTION_RESULT_STATES } from '@keel/contract/endpoints/device-action';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Progress from 'antd/es/progress';
import Result from 'antd/es/result';
import Space from 'antd/es/space';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { PUSH_READS } from '../api';

/** While a push waits for its devices, its counts refresh. */
const REFRESH_MS = 5_000;
const PAGE_SIZE = 10;

const STATE_COLORS: Record<string, string> = {
  pending: 'default',
  delivered: 'processing',
  succeeded: 'success',
  failed: 'error',
  expired: 'warning',
  cancelled: 'default',
  active: 'processing',
  finished: 'success',
};

/** What each device of a push answered. */
function PushDevices({ pushId }: { pushId: string }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    ...apiQuery('av/getAppPushDeviceList', { pushId, pageNum, pageSize: PAGE_SIZE }),
    refetchInterval: REFRESH_MS,
  });
  return (
    <Table<AppPushDeviceItem>
      size="small"
      rowKey="deviceId"
      loading={query.isLoading}
      dataSource={query.data?.list ?? []}
      scroll={{ x: 'max-content' }}
      data-testid={`push-devices-${pushId}`}
      pagination={{
        current: pageNum,
        pageSize: PAGE_SIZE,
        total: query.data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: setPageNum,
      }}
      columns={[
        {
          key: 'device',
          title: t('app-store.push.device'),
          render: (_v, r) => (r.deviceName ? `${r.deviceId} · ${r.deviceName}` : r.deviceId),
        },
        {
          key: 'state',
          title: t('app-store.push.state'),
          render: (_v, r) => <Tag color={STATE_COLORS[r.state]}>{t(`app-store.push.states.${r.state}`)}</Tag>,
        },
        { key: 'message', title: t('app-store.push.message'), render: (_v, r) => r.message || '—' },
        {
          key: 'time',
          title: t('app-store.push.updated'),
          render: (_v, r) => formatTime(r.updateTime, { seconds: true }),
        },
      ]}
    />
  );
}

/**
 * An app's pushes (administrators): version, forced or not, how many devices answered and how, who pushed it and
 * when; a push still waiting can be cancelled; a row opens to each device's answer.
 */
export function PushesPanel({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    ...apiQuery('av/getAppPushList', { appId, pageNum, pageSize: PAGE_SIZE }),
    refetchInterval: (q) => (q.state.data?.list.some((p) => p.state === 'active') ? REFRESH_MS : false),
  });
  const cancel = useApiMutation('av/cancelAppPush', {
    invalidates: PUSH_READS,
    success: () => t('app-store.push.cancelled'),
  });
  if (query.isError)
    return (
      <Result
        status="error"
        title={t('kit.loadFailed')}
        subTitle={query.error.message}
        extra={<Button onClick={() => void query.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  const answered = (p: AppPushItem) => p.counts.succeeded + p.counts.failed + p.counts.expired + p.counts.cancelled;
  return (
    <section className="k-pushes" data-testid="pushes-panel">
      <Typography.Title level={5}>{t('app-store.push.listTitle')}</Typography.Title>
      <Table<AppPushItem>
        size="small"
        rowKey="pushId"
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowRender: (p) => <PushDevices pushId={p.pushId} /> }}
        locale={{ emptyText: <Empty description={t('app-store.push.empty')} data-testid="pushes-empty" /> }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: query.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPageNum,
        }}
        columns={[
          {
            key: 'version',
            title: t('app-store.version.version'),
            render: (_v, p) => (
              <Space size={4} wrap>
                <span translate="no">{`${p.versionName} (${p.versionCode})`}</span>
                {p.force === 1 && <Tag color="red">{t('app-store.push.forced')}</Tag>}
              </Space>
            ),
          },
          {
            key: 'state',
            title: t('app-store.push.state'),
            render: (_v, p) => (
              <Tag color={STATE_COLORS[p.state]} data-testid={`push-state-${p.pushId}`}>
                {t(`app-store.push.pushStates.${p.state}`)}
              </Tag>
            ),
          },
          {
            key: 'progress',
            title: t('app-store.push.progress'),
            render: (_v, p) => (
              <div style={{ minWidth: 160 }} data-testid={`push-progress-${p.pushId}`}>
                <Progress
                  size="small"
                  percent={Math.round((answered(p) / Math.max(1, p.total)) * 100)}
                  success={{ percent: Math.round((p.counts.succeeded / Math.max(1, p.total)) * 100) }}
                  format={() => `${answered(p)}/${p.total}`}
                />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {ACTION_RESULT_STATES.filter((s) => p.counts[s] > 0)
                    .map((s) => `${t(`app-store.push.states.${s}`)} ${p.counts[s]}`)
                    .join(' · ')}
                </Typography.Text>
              </div>
            ),
          },
          { key: 'creator', title: t('app-store.push.creator'), render: (_v, p) => p.creatorName || '—' },
          { key: 'created', title: t('app-store.push.created'), render: (_v, p) => formatTime(p.createTime) },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_v, p) =>
              p.state === 'active' ? (
                <ConfirmAction
                  title={t('app-store.push.cancelConfirm')}
                  description={t('app-store.push.cancelHelp')}
                  onConfirm={() => cancel({ pushId: p.pushId })}
                  buttonProps={{ size: 'small', 'data-testid': `push-cancel-${p.pushId}` } as never}
                >
                  {t('app-store.push.cancel')}
                </ConfirmAction>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </section>
  );
}
