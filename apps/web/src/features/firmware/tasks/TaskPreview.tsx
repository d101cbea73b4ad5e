import type { TaskPreview as Preview } from '@keel/contract/endpoints/firmware-task';
import { formatFileSize } from '@keel/contract/format';
import { useQuery } from '@tanstack/react-query';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Result from 'antd/es/result';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';

function PreviewBody({ p }: { p: Preview }) {
  const { t } = useTranslation();
  const saved = p.fullBytes > 0 ? Math.round((1 - p.deltaBytes / p.fullBytes) * 100) : 0;
  return (
    <div data-testid="task-preview">
      {p.matched === 0 && (
        <Alert type="warning" showIcon message={t('firmware.preview.none')} style={{ marginBottom: 12 }} />
      )}
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('firmware.preview.matched')}>
          <span data-testid="task-preview-matched">{p.matched}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.preview.finish')}>
          {p.expectedFinish ? formatTime(p.expectedFinish) : '—'}
          <div style={{ color: 'var(--k-text-2)', fontSize: 12 }}>
            {t('firmware.preview.poll', { seconds: p.pollSeconds })}
          </div>
        </Descriptions.Item>
        <Descriptions.Item label={t('firmware.preview.full')}>{formatFileSize(p.fullBytes)}</Descriptions.Item>
        <Descriptions.Item label={t('firmware.preview.delta')}>
          <span data-testid="task-preview-delta">
            {formatFileSize(p.deltaBytes)}
            {p.deltaDevices > 0 ? ` · ${t('firmware.preview.deltaDevices', { count: p.deltaDevices, saved })}` : ''}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <h4 style={{ margin: '16px 0 8px' }}>{t('firmware.preview.groups')}</h4>
      <Table
        size="small"
        rowKey="index"
        pagination={false}
        data-testid="task-preview-groups"
        dataSource={p.groups}
        scroll={{ x: 360 }}
        columns={[
          {
            key: 'index',
            title: t('firmware.preview.group'),
            width: 90,
            render: (_: unknown, g) => t('firmware.task.groupN', { n: g.index + 1 }),
          },
          { key: 'size', title: t('firmware.preview.devices'), width: 90, dataIndex: 'size' },
          {
            key: 'sample',
            title: t('firmware.preview.sample'),
            render: (_: unknown, g) => <span translate="no">{g.sample.join(', ')}</span>,
          },
        ]}
      />
      <h4 style={{ margin: '16px 0 8px' }}>{t('firmware.preview.excluded')}</h4>
      {p.excluded.length === 0 ? (
        <p style={{ color: 'var(--k-text-2)' }}>{t('firmware.preview.noneExcluded')}</p>
      ) : (
        <Table
          size="small"
          rowKey="reason"
          pagination={false}
          data-testid="task-preview-excluded"
          dataSource={p.excluded}
          scroll={{ x: 360 }}
          columns={[
            {
              key: 'reason',
              title: t('firmware.preview.reason'),
              width: 150,
              render: (_: unknown, e) => t(`firmware.task.exclude.${e.reason}`),
            },
            { key: 'count', title: t('firmware.preview.devices'), width: 80, dataIndex: 'count' },
            {
              key: 'sample',
              title: t('firmware.preview.sample'),
              render: (_: unknown, e) => <span translate="no">{e.sample.join(', ')}</span>,
            },
          ]}
        />
      )}
    </div>
  );
}

/**
 * What releasing the task would do now (`task/previewTask`): devices per staged group, those left out and why,
 * the download volume full and with deltas, and when it would be done at the polling interval.
 */
export function TaskPreview({ id }: { id: string }) {
  const { t } = useTranslation();
  const q = useQuery(apiQuery('task/previewTask', { id }));
  if (q.isError)
    return (
      <Result
        status="warning"
        title={t('kit.loadFailed')}
        subTitle={q.error.message}
        extra={<Button onClick={() => void q.refetch()}>{t('kit.retry')}</Button>}
      />
    );
  if (!q.data) return <Skeleton active paragraph={{ rows: 5 }} />;
  return <PreviewBody p={q.data} />;
}
