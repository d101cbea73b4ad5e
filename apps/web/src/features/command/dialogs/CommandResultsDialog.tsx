import type { CmdItem, CmdResultItem } from '@keel/contract/endpoints/command';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import Result from 'antd/es/result';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { TARGET_COLORS } from '../api';

const PAGE_SIZE = 20;

/** One command's result per terminal; refreshed every 2 s while the command waits for terminals. */
export function CommandResultsDialog({ command, onClose }: { command: CmdItem; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNum, setPage] = useState(1);
  const results = useQuery({
    ...apiQuery('cmd/getCmdResultList', { cmdId: command.cmdId, pageNum, pageSize: PAGE_SIZE }),
    refetchInterval: command.state === 'active' ? 2000 : false,
  });
  const label = command.type === 'custom' ? command.name : t(`command.types.${command.type}`);
  return (
    <Modal
      open
      title={t('command.resultsTitle', { name: label })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('command.close')}</Button>}
      width={760}
    >
      {results.isError ? (
        <Result
          status="warning"
          title={t('command.resultsError')}
          extra={<Button onClick={() => void results.refetch()}>{t('command.retry')}</Button>}
        />
      ) : (
        <Table<CmdResultItem>
          data-testid="cmd-results"
          rowKey="deviceId"
          size="small"
          loading={results.isLoading}
          dataSource={results.data?.list ?? []}
          locale={{ emptyText: t('command.resultsEmpty') }}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: pageNum,
            pageSize: PAGE_SIZE,
            total: results.data?.total ?? 0,
            onChange: setPage,
            hideOnSinglePage: true,
          }}
          columns={[
            {
              key: 'deviceId',
              title: t('command.device'),
              render: (_, r) => (
                <span translate="no">
                  {r.deviceId}
                  {r.deviceName ? ` · ${r.deviceName}` : ''}
                </span>
              ),
            },
            {
              key: 'state',
              title: t('command.columns.state'),
              render: (_, r) => (
                <Tag color={TARGET_COLORS[r.state]} data-testid={`cmd-result-${r.deviceId}`} data-state={r.state}>
                  {t(`command.targetStates.${r.state}`)}
                </Tag>
              ),
            },
            {
              key: 'message',
              title: t('command.message'),
              render: (_, r) => (
                <Typography.Text
                  style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 280, display: 'block' }}
                >
                  {r.message}
                </Typography.Text>
              ),
            },
            { key: 'delivered', title: t('command.delivered'), render: (_, r) => formatTime(r.deliverTime) },
            { key: 'finished', title: t('command.finishedAt'), render: (_, r) => formatTime(r.finishTime) },
          ]}
        />
      )}
    </Modal>
  );
}
