import { APPLY_STATUSES, type SpaceApplyItem } from '@keel/contract/endpoints/space';
import { formatFileSize } from '@keel/contract/format';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { scopedQuery } from '../../../shared/api/query';
import type { Scope } from '../../../shared/api/query-key';
import { formatTime } from '../../../shared/format/time';
import { ReviewSpaceApplyDialog } from '../dialogs/ReviewSpaceApplyDialog';
import { SpaceKind } from './SpaceCells';

export const APPLY_STATUS_COLORS = { pending: 'gold', approved: 'green', rejected: 'red' } as const;

/**
 * Applications for spaces to review (`space/getSpaceApplyList`), newest first, filtered by status; each pending one
 * opens the review (approve with a quota, or reject, with a note).
 */
export function ApplicationsTable({ scope, filterPno }: { scope: Scope; filterPno?: string }) {
  const { t } = useTranslation();
  const [reviewing, setReviewing] = useState<SpaceApplyItem | undefined>(undefined);
  return (
    <>
      <DataTable
        testId="space-apply-table"
        rowKey="id"
        query={(params) =>
          scopedQuery(
            'space/getSpaceApplyList',
            {
              ...pageInput(params),
              status: params.filters.status as never,
              ...(filterPno ? { filterPno } : {}),
            },
            scope,
          )
        }
        columns={[
          {
            key: 'str',
            title: t('space.apply.search'),
            filter: true,
            pinned: true,
            render: (row) => (
              <span data-testid={`apply-row-${row.name}`}>
                {row.name}
                <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                  {row.userName}
                </Typography.Text>
              </span>
            ),
          },
          ...(scope === 'platform'
            ? [
                {
                  key: 'property',
                  title: t('space.fields.property'),
                  render: (row: SpaceApplyItem) => row.propertyName,
                },
              ]
            : []),
          { key: 'kind', title: t('space.fields.business'), width: 190, render: (row) => <SpaceKind space={row} /> },
          { key: 'quota', title: t('space.apply.quota'), width: 110, render: (row) => formatFileSize(row.quotaBytes) },
          { key: 'reason', title: t('space.apply.reason'), render: (row) => row.reason },
          { key: 'createTime', title: t('space.apply.time'), width: 150, render: (row) => formatTime(row.createTime) },
          {
            key: 'status',
            title: t('space.apply.status'),
            width: 110,
            filter: APPLY_STATUSES.map((s) => ({ value: s, label: t(`space.apply.statuses.${s}`) })),
            render: (row) => (
              <Tag color={APPLY_STATUS_COLORS[row.status]}>{t(`space.apply.statuses.${row.status}`)}</Tag>
            ),
          },
          {
            key: 'action',
            title: t('common.actions'),
            width: 110,
            wrap: true,
            render: (row) =>
              row.status === 'pending' ? (
                <Button
                  size="small"
                  type="primary"
                  data-testid={`apply-review-${row.name}`}
                  onClick={() => setReviewing(row)}
                >
                  {t('space.review.open')}
                </Button>
              ) : (
                <Typography.Text type="secondary">{row.reviewerName || '—'}</Typography.Text>
              ),
          },
        ]}
      />
      <ReviewSpaceApplyDialog
        open={reviewing !== undefined}
        application={reviewing}
        scope={scope}
        onClose={() => setReviewing(undefined)}
      />
    </>
  );
}
