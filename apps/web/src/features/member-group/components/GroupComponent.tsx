import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import { userEndpoints } from '@keel/contract/endpoints/user';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { useSession } from '../../../shared/session/session-store';
import { type GroupKind, type GroupRow, type Scope, useCan } from '../api';
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
  const navigate = useNavigate();
  const search = useSearchRecord();
  const listed = useSearchOf(userEndpoints['u/getUserList'].input);
  const pno = useSession((s) => s.selectedPropertyPno);
  const canEdit = useCan(kind.editPermission, scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const platform = scope === 'platform';
  const filterPno = platform ? listed.filterPno : undefined;
  const noun = t(`member-group.kinds.${kind.key}.noun`);
  const testPrefix = `${kind.key}`;

  const setFilterPno = (next: string | undefined) =>
    void navigate({ to: '.', search: { ...search, filterPno: next, pageNum: undefined } as never, replace: true });

  const removeGroup = useApiMutation(kind.paths.del, {
    scope,
    invalidates: [kind.listPath, kind.memberPath],
    success: (data) => {
      const removed = data.removed;
      const name = removing.current;
      return removed > 0
        ? t('member-group.group.deletedWithUsers', { name, count: removed })
        : t('member-group.group.deleted', { name });
    },
  });
  const removing = useRef('');
  const remove = (row: GroupRow) => {
    removing.current = row.name;
    return removeGroup(kind.removeInput(row.id, row.userCount > 0) as never);
  };
  /** Create and edit open the dialog route (one path to each dialog); the back office has none, so a local one. */
  const openEditor = (row?: GroupRow) => {
    if (platform) setDialog(row ? { kind: 'edit', row } : { kind: 'create' });
    else void navigate({ to: kind.dialogPath, search: row ? { [kind.idParam]: row.id } : {} });
  };

  if (!platform && !pno)
    return <Empty description={t('member-group.noProperty')} data-testid={`${testPrefix}-component`} />;

  const columns: ColumnSpec<GroupRow>[] = [
    {
      key: 'str',
      title: t('member-group.group.name'),
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
            title: t('member-group.property.label'),
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
            title: t('member-group.customer.contact'),
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
      title: t('member-group.group.remark'),
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
      title: t('member-group.group.userCount'),
      width: 90,
      render: (row) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setDialog({ kind: 'members', row })}
          data-testid={`${testPrefix}-count-${row.name}`}
          aria-label={t('member-group.group.showMembers', { name: row.name, count: row.userCount })}
        >
          {row.userCount}
        </Button>
      ),
    },
    {
      key: 'updateTime',
      title: t('member-group.group.updated'),
      width: 150,
      render: (row) => formatTime(row.updateTime),
    },
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
            {t('member-group.group.members')}
          </Button>
          {canEdit && (
            <>
              <Tooltip title={t('member-group.group.edit')}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('member-group.group.edit')}
                  onClick={() => openEditor(row)}
                  data-testid={`${testPrefix}-edit-${row.name}`}
                />
              </Tooltip>
              <ConfirmAction
                title={t('member-group.group.deleteConfirm', { noun, name: row.name })}
                description={
                  row.userCount > 0
                    ? t('member-group.group.deleteWithUsers', { count: row.userCount })
                    : t('member-group.group.deleteHelp')
                }
                onConfirm={() => remove(row)}
                buttonProps={
                  {
                    size: 'small',
                    icon: <DeleteOutlined />,
                    'aria-label': t('member-group.group.delete'),
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
          <Typography.Text type="secondary">{t(`member-group.kinds.${kind.key}.help`)}</Typography.Text>
        )}
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openEditor()}
            data-testid={`${testPrefix}-create`}
          >
            {t('member-group.group.createTitle', { noun })}
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
