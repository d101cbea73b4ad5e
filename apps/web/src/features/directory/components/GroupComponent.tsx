import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { formatTime, type GroupKind, type GroupRow, invalidate, type Scope, useCan } from '../api';
import { EditGroupDialog } from '../dialogs/EditGroupDialog';
import { MembersDialog } from '../dialogs/MembersDialog';

type Dialog = { kind: 'create' } | { kind: 'edit'; row: GroupRow } | { kind: 'members'; row: GroupRow } | null;

/**
 * The reusable table of titles, user sets or customers (`/Account/TitlePageComponent`, …): search in the URL,
 * create / edit / delete with the kind's `edit` function, and each row's members. In the back office
 * (`scope="platform"`) it lists every property's groups, narrowed by a property filter (`filterPno` in the URL).
 */
export function GroupComponent({ kind, scope = 'property' }: { kind: GroupKind; scope?: Scope }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(kind.editPermission, scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const platform = scope === 'platform';
  const filterPno = platform && typeof search.filterPno === 'string' && search.filterPno ? search.filterPno : undefined;
  const noun = t(`directory.kinds.${kind.key}.noun`);
  const testPrefix = `${kind.key}`;

  const setFilterPno = (next: string | undefined) =>
    void navigate({ to: '.', search: { ...search, filterPno: next, pageNum: undefined } as never, replace: true });

  const remove = async (row: GroupRow) => {
    try {
      const removed = await kind.remove(row.id, row.userCount > 0, scope);
      toast.success(
        removed > 0
          ? t('directory.group.deletedWithUsers', { name: row.name, count: removed })
          : t('directory.group.deleted', { name: row.name }),
      );
      await invalidate(queryClient, kind.listPath, kind.memberPath);
    } catch {
      // the client has shown the server's reason
    }
  };

  if (!platform && !pno)
    return <Empty description={t('directory.noProperty')} data-testid={`${testPrefix}-component`} />;

  const columns: ColumnSpec<GroupRow>[] = [
    {
      key: 'str',
      title: t('directory.group.name'),
      filter: true,
      render: (row) => (
        <span data-testid={`${testPrefix}-row-${row.name}`} style={{ fontWeight: 500 }}>
          {row.name}
          {row.customer?.code && (
            <Tag style={{ marginLeft: 8 }} bordered={false}>
              {row.customer.code}
            </Tag>
          )}
        </span>
      ),
    },
    ...(platform
      ? [
          {
            key: 'property',
            title: t('directory.property.label'),
            render: (row: GroupRow) => (
              <span>
                {row.propertyName}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {row.pno}
                </Typography.Text>
              </span>
            ),
          },
        ]
      : []),
    ...(kind.key === 'customer'
      ? [
          {
            key: 'contact',
            title: t('directory.customer.contact'),
            render: (row: GroupRow) =>
              row.customer?.contactName || row.customer?.contactPhone || row.customer?.contactEmail ? (
                <span>
                  {row.customer.contactName || '—'}
                  {(row.customer.contactPhone || row.customer.contactEmail) && (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {[row.customer.contactPhone, row.customer.contactEmail].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  )}
                </span>
              ) : (
                '—'
              ),
          },
        ]
      : []),
    {
      key: 'remark',
      title: t('directory.group.remark'),
      render: (row) =>
        row.remark ? (
          <Typography.Text ellipsis={{ tooltip: row.remark }} style={{ maxWidth: 260 }}>
            {row.remark}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'userCount',
      title: t('directory.group.userCount'),
      width: 90,
      render: (row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setDialog({ kind: 'members', row })}
          data-testid={`${testPrefix}-count-${row.name}`}
          aria-label={t('directory.group.showMembers', { name: row.name, count: row.userCount })}
        >
          {row.userCount}
        </Button>
      ),
    },
    { key: 'updateTime', title: t('directory.group.updated'), width: 150, render: (row) => formatTime(row.updateTime) },
    {
      key: 'action',
      title: t('common.actions'),
      width: canEdit ? 220 : 100,
      render: (row) => (
        <Space size={4} wrap>
          <Button
            size="small"
            icon={<TeamOutlined />}
            onClick={() => setDialog({ kind: 'members', row })}
            data-testid={`${testPrefix}-members-${row.name}`}
          >
            {t('directory.group.members')}
          </Button>
          {canEdit && (
            <>
              <Tooltip title={t('directory.group.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('directory.group.edit')}
                  onClick={() => setDialog({ kind: 'edit', row })}
                  data-testid={`${testPrefix}-edit-${row.name}`}
                />
              </Tooltip>
              <ConfirmAction
                title={t('directory.group.deleteConfirm', { noun, name: row.name })}
                description={
                  row.userCount > 0
                    ? t('directory.group.deleteWithUsers', { count: row.userCount })
                    : t('directory.group.deleteHelp')
                }
                onConfirm={() => remove(row)}
                buttonProps={
                  {
                    size: 'small',
                    icon: <DeleteOutlined />,
                    'aria-label': t('directory.group.delete'),
                    'data-testid': `${testPrefix}-delete-${row.name}`,
                  } as never
                }
              >
                {null}
              </ConfirmAction>
            </>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`${testPrefix}-component`}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        {platform ? (
          <PropertySelect value={filterPno} onChange={setFilterPno} testId="filter-property" />
        ) : (
          <Typography.Text type="secondary">{t(`directory.kinds.${kind.key}.help`)}</Typography.Text>
        )}
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid={`${testPrefix}-create`}
          >
            {t('directory.group.createTitle', { noun })}
          </Button>
        )}
      </Space>
      <DataTable
        testId={`${testPrefix}-table`}
        rowKey="id"
        query={(params) => kind.list({ ...pageInput(params), filterPno }, scope)}
        columns={columns}
      />
      <EditGroupDialog
        kind={kind}
        scope={scope}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        group={dialog?.kind === 'edit' ? dialog.row : undefined}
        defaultPno={filterPno}
        onClose={() => setDialog(null)}
      />
      <MembersDialog
        kind={kind}
        scope={scope}
        canEdit={canEdit}
        group={dialog?.kind === 'members' ? dialog.row : null}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
