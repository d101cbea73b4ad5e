import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { LIVE_MS } from './routes';
import { DeliveryStateTag } from './TaskBits';

const PAGE = 10;

/**
 * Delivery attempts (`task/getTaskDeliverList`), newest first: one task's, or one device's across tasks — each
 * attempt's versions, full or delta and its bytes, state, error and what the device said, with its times.
 */
export function DeliverTable({
  taskId,
  deviceId,
  live = false,
}: {
  taskId?: string;
  deviceId?: string;
  live?: boolean;
}) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const q = useQuery({
    ...apiQuery('task/getTaskDeliverList', { id: taskId, deviceId, pageNum, pageSize: PAGE }),
    refetchInterval: (q) => (live && q.state.status !== 'error' ? LIVE_MS : false),
  });
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('kit.loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  return (
    <Table
      size="small"
      rowKey="id"
      data-testid="deliver-table"
      loading={q.isLoading}
      dataSource={q.data?.list ?? []}
      scroll={{ x: 900 }}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('firmware.history.empty')} /> }}
      pagination={{ current: pageNum, pageSize: PAGE, total: q.data?.total ?? 0, onChange: setPageNum, size: 'small' }}
      columns={[
        {
          key: 'who',
          title: deviceId ? t('firmware.history.task') : t('firmware.terminal.deviceId'),
          width: 170,
          render: (_: unknown, r) => (
            <span translate="no" data-testid={`deliver-${r.id}`}>
              {deviceId ? r.taskName : r.deviceId}
            </span>
          ),
        },
        {
          key: 'versions',
          title: t('firmware.upgrade.version'),
          width: 150,
          render: (_: unknown, r) => (
            <span translate="no">
              {r.fromVersion || '—'} → {r.toVersion}
            </span>
          ),
        },
        {
          key: 'bytes',
          title: t('firmware.history.download'),
          width: 130,
          render: (_: unknown, r) => `${formatFileSize(r.bytes)}${r.delta ? ` · ${t('firmware.upgrade.delta')}` : ''}`,
        },
        { key: 'attempt', title: t('firmware.task.attempts'), width: 70, dataIndex: 'attempt' },
        {
          key: 'state',
          title: t('firmware.task.deliveryState'),
          width: 130,
          render: (_: unknown, r) => (
            <span>
              <DeliveryStateTag state={r.state} />
              {r.progress > 0 && r.progress < 100 ? `${r.progress}%` : ''}
            </span>
          ),
        },
        {
          key: 'error',
          title: t('firmware.upgrade.errorCode'),
          width: 100,
          render: (_: unknown, r) => r.errorCode || '—',
        },
        {
          key: 'detail',
          title: t('firmware.history.detail'),
          width: 200,
          render: (_: unknown, r) => (
            <Typography.Text type="secondary" ellipsis={{ tooltip: r.detail }} style={{ maxWidth: 190 }}>
              {r.detail || '—'}
            </Typography.Text>
          ),
        },
        {
          key: 'time',
          title: t('firmware.upgrade.time'),
          width: 150,
          render: (_: unknown, r) => formatTime(r.updateTime),
        },
      ]}
    />
  );
}
