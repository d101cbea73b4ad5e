import { formatFileSize } from '@keel/contract/format';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Modal from 'antd/es/modal';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { scopedQuery } from '../../../shared/api/query';
import type { Scope } from '../../../shared/api/query-key';
import { formatTime } from '../../../shared/format/time';

const KIND_COLORS = { create: 'blue', change: 'gold', apply: 'green' } as const;
const PAGE_SIZE = 10;

/**
 * `/Tis/space/ViewScopeQuotaHistoryDlg`: a space's quota changes, newest first (`space/getSpaceQuotaRecordList`):
 * when, who, from, to and why.
 */
export function ViewScopeQuotaHistoryDialog({
  open,
  onClose,
  space,
  scope = 'property',
}: {
  open: boolean;
  onClose: () => void;
  space: { sid: string; name: string } | undefined;
  scope?: Scope;
}) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const records = useQuery({
    ...scopedQuery('space/getSpaceQuotaRecordList', { sid: space?.sid ?? '', pageNum, pageSize: PAGE_SIZE }, scope),
    enabled: open && space !== undefined,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open={open && space !== undefined}
      title={t('space.history.title', { name: space?.name ?? '' })}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      data-testid="space-history-dialog"
    >
      <Table
        rowKey="id"
        size="small"
        data-testid="space-history-table"
        loading={records.isFetching}
        dataSource={records.data?.list ?? []}
        scroll={{ x: 720 }}
        locale={{ emptyText: records.isError ? t('kit.loadFailed') : t('kit.empty') }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: records.data?.total ?? 0,
          onChange: setPageNum,
          showTotal: (total) => t('kit.total', { total }),
        }}
        columns={[
          { key: 'time', title: t('space.history.time'), width: 150, render: (_, r) => formatTime(r.createTime) },
          {
            key: 'kind',
            title: t('space.history.kind'),
            width: 100,
            render: (_, r) => <Tag color={KIND_COLORS[r.kind]}>{t(`space.history.kinds.${r.kind}`)}</Tag>,
          },
          { key: 'old', title: t('space.history.old'), width: 110, render: (_, r) => formatFileSize(r.oldQuota) },
          {
            key: 'new',
            title: t('space.history.new'),
            width: 110,
            render: (_, r) => <span data-testid={`history-new-${r.id}`}>{formatFileSize(r.newQuota)}</span>,
          },
          { key: 'who', title: t('space.history.who'), width: 110, render: (_, r) => r.userName || '—' },
          {
            key: 'reason',
            title: t('space.history.reason'),
            render: (_, r) => <span data-testid="history-reason">{r.reason || '—'}</span>,
          },
        ]}
      />
    </Modal>
  );
}
