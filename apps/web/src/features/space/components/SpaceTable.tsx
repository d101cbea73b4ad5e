import { BUSINESSES } from '@keel/contract/constants';
import { SPACE_CATEGORIES, type SpaceItem } from '@keel/contract/endpoints/space';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { scopedQuery } from '../../../shared/api/query';
import type { Scope } from '../../../shared/api/query-key';
import { formatTime } from '../../../shared/format/time';
import { EditSpaceQuotaDialog } from '../dialogs/EditSpaceQuotaDialog';
import { ViewScopeQuotaHistoryDialog } from '../dialogs/ViewScopeQuotaHistoryDialog';
import { SpaceKind, SpaceOwner } from './SpaceCells';
import { UsageBar } from './UsageBar';

type Dialog = { kind: 'quota' | 'history'; space: SpaceItem } | null;

/**
 * The spaces an administrator manages (`space/getAllSpaceList`, their space scope) or, in the back office, every
 * property's (`filterPno` narrows it): filters in the URL, use against quota, and per row the details, the quota
 * (with the right) and its history.
 */
export function SpaceTable({
  scope,
  filterPno,
  canEditQuota,
  onOpen,
}: {
  scope: Scope;
  filterPno?: string;
  canEditQuota: boolean;
  /** Opens a space's details. */
  onOpen: (space: SpaceItem) => void;
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const platform = scope === 'platform';
  return (
    <>
      <DataTable
        testId="space-table"
        rowKey="sid"
        defaultPageSize={10}
        query={(params) =>
          scopedQuery(
            'space/getAllSpaceList',
            {
              ...pageInput(params),
              business: params.filters.business as never,
              category: params.filters.category as never,
              ...(filterPno ? { filterPno } : {}),
            },
            scope,
          )
        }
        columns={[
          {
            key: 'str',
            title: t('space.fields.name'),
            filter: true,
            pinned: true,
            render: (row) => (
              <Typography.Link onClick={() => onOpen(row)} data-testid={`space-row-${row.name}`}>
                {row.name}
              </Typography.Link>
            ),
          },
          ...(platform
            ? [
                {
                  key: 'property',
                  title: t('space.fields.property'),
                  render: (row: SpaceItem) => (
                    <span>
                      {row.propertyName}
                      <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                        {row.pno}
                      </Typography.Text>
                    </span>
                  ),
                },
              ]
            : []),
          {
            key: 'business',
            title: t('space.fields.business'),
            width: 190,
            filter: BUSINESSES.map((b) => ({ value: b, label: t(`common.businesses.${b}`) })),
            render: (row) => <SpaceKind space={row} />,
          },
          {
            key: 'category',
            title: t('space.fields.category'),
            width: 110,
            filter: SPACE_CATEGORIES.map((c) => ({ value: c, label: t(`space.categories.${c}`) })),
            render: (row) => t(`space.categories.${row.category}`),
          },
          { key: 'owner', title: t('space.fields.owner'), render: (row) => <SpaceOwner space={row} /> },
          {
            key: 'usage',
            title: t('space.fields.usage'),
            width: 200,
            wrap: true,
            render: (row) => (
              <UsageBar
                used={row.usedBytes}
                reserved={row.reservedBytes}
                quota={row.quotaBytes}
                testId={`space-usage-${row.name}`}
              />
            ),
          },
          {
            key: 'createTime',
            title: t('space.fields.created'),
            width: 150,
            render: (row) => formatTime(row.createTime),
          },
          {
            key: 'action',
            title: t('common.actions'),
            width: 230,
            wrap: true,
            render: (row) => (
              <Space size={4} wrap>
                <Button size="small" data-testid={`space-open-${row.name}`} onClick={() => onOpen(row)}>
                  {t('space.actions.details')}
                </Button>
                {canEditQuota && (
                  <Button
                    size="small"
                    data-testid={`space-quota-${row.name}`}
                    onClick={() => setDialog({ kind: 'quota', space: row })}
                  >
                    {t('space.actions.quota')}
                  </Button>
                )}
                <Button
                  size="small"
                  data-testid={`space-history-${row.name}`}
                  onClick={() => setDialog({ kind: 'history', space: row })}
                >
                  {t('space.actions.history')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <EditSpaceQuotaDialog
        open={dialog?.kind === 'quota'}
        space={dialog?.kind === 'quota' ? dialog.space : undefined}
        scope={scope}
        onClose={close}
      />
      <ViewScopeQuotaHistoryDialog
        open={dialog?.kind === 'history'}
        space={dialog?.kind === 'history' ? dialog.space : undefined}
        scope={scope}
        onClose={close}
      />
    </>
  );
}
