import type { MyApplyItem } from '@keel/contract/endpoints/workflow';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { platformQuery } from '../../shared/api/query';

const STATE_COLORS: Record<MyApplyItem['state'], string> = {
  pending: 'processing',
  passed: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

/**
 * The join flow's follow-up, under the user's properties: their requests to join a property with where each stands —
 * the step it waits on and who reviews it, or the outcome with the reason of a rejection. Read in the personal scope
 * (`flowAudit/getMyApplyListByUser`, no pno): the applicant is not a member of the property yet.
 */
export function MyJoinRequests() {
  const { t } = useTranslation();
  return (
    <section data-testid="my-join-requests" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>{t('account.join.mine')}</Typography.Title>
      <DataTable
        testId="my-join-table"
        rowKey="applyId"
        defaultPageSize={5}
        query={(params) =>
          platformQuery('flowAudit/getMyApplyListByUser', {
            pageNum: params.pageNum,
            pageSize: params.pageSize,
            applyType: 'memberJoin',
          })
        }
        toPage={(data) => data}
        columns={[
          {
            key: 'propertyName',
            title: t('account.properties.name'),
            width: 160,
            render: (row) => <span translate="no">{row.propertyName}</span>,
          },
          {
            key: 'state',
            title: t('account.join.state'),
            width: 100,
            render: (row) => (
              <Tag color={STATE_COLORS[row.state]} data-testid={`join-state-${row.pno}`}>
                {t(`account.join.states.${row.state}`)}
              </Tag>
            ),
          },
          {
            key: 'progress',
            title: t('account.join.progress'),
            width: 260,
            render: (row) =>
              row.state === 'pending' ? (
                <span data-testid={`join-progress-${row.pno}`}>
                  {t('account.join.stepOf', { index: row.stepIndex, total: row.stepNum })}{' '}
                  <span translate="no">
                    {row.stepName}
                    {row.currentAuditors.length > 0 && ` · ${row.currentAuditors.map((p) => p.name).join(', ')}`}
                  </span>
                </span>
              ) : (
                <span translate="no" data-testid={`join-reason-${row.pno}`}>
                  {row.reason || '—'}
                </span>
              ),
          },
          { key: 'createTime', title: t('account.join.submitted'), width: 150, time: true },
        ]}
      />
    </section>
  );
}
