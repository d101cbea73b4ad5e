import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { USER_PERMISSIONS, type UserItem, userEndpoints } from '@keel/contract/endpoints/user';
import { useNavigate } from '@tanstack/react-router';
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
import { scopedQuery } from '../../../shared/api/query';
import { useSearchOf, useSearchRecord } from '../../../shared/api/search-of';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { type Scope, useCan } from '../api';
import { EditUserInfoDialog } from '../dialogs/EditUserInfoDialog';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: UserItem } | null;

/**
 * Accounts with their status (`u/getUserList`): the selected property's members (`/UserManage/UserListPage`) or,
 * in the back office, every account or one property's (`/Account/BackUserInfo`, `filterPno` in the URL). With
 * `manage.users.edit` (always in the back office): create, edit, enable and disable — each status change after a
 * confirmation; disabling signs the user out everywhere (the server revokes the sessions).
 */
export function UserTable({ scope = 'property' }: { scope?: Scope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const search = useSearchRecord();
  const listed = useSearchOf(userEndpoints['u/getUserList'].input);
  const pno = useSession((s) => s.selectedPropertyPno);
  const selfUid = useSession((s) => s.userInfo?.uid);
  const canEdit = useCan(USER_PERMISSIONS.edit, scope);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const platform = scope === 'platform';
  const filterPno = platform ? listed.filterPno : undefined;

  const updateStatus = useApiMutation('u/updateUserStatus', {
    scope,
    invalidates: ['u/getUserList', 'o/getOrgUserList'],
  });
  const setStatus = async (user: UserItem, status: 0 | 1) => {
    if (!(await updateStatus({ uidList: [user.uid], status }))) return;
    const key = status === 1 ? 'member-group.user.enabled' : 'member-group.user.disabled';
    toast.success(t(key, { name: user.name }));
  };

  /** Enables or disables the selected accounts in one call (the server changes all of them or none). */
  const setSelectedStatus = async (status: 0 | 1) => {
    if (!(await updateStatus({ uidList: selected, status }))) return;
    const key = status === 1 ? 'member-group.user.batchEnabled' : 'member-group.user.batchDisabled';
    toast.success(t(key, { count: selected.length }));
    setSelected([]);
  };

  if (!platform && !pno) return <Empty description={t('member-group.noProperty')} data-testid="user-table" />;

  /** Why an administrator may not change this account, if they may not (the managed-account rule). */
  const blocked = (user: UserItem): string | null => {
    if (user.uid === selfUid) return t('member-group.user.notYourself');
    if (platform) return null;
    if (user.role === 'owner') return t('member-group.user.ownerFixed');
    if (user.isOperator === 1 || user.propertyNum > 1) return t('member-group.user.shared');
    return null;
  };

  const columns: ColumnSpec<UserItem>[] = [
    {
      key: 'str',
      title: t('member-group.user.nameOrPhone'),
      filter: true,
      render: (row) => (
        <span data-testid={`user-row-${row.phoneNum}`} style={{ whiteSpace: 'nowrap' }}>
          {row.name}
          {row.isOperator === 1 && (
            <Tag color="gold" style={{ marginLeft: 6 }}>
              {t('member-group.user.operatorTag')}
            </Tag>
          )}
          {row.email && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.email}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'phoneNum', title: t('member-group.user.phone'), width: 130 },
    ...(platform && !filterPno
      ? [{ key: 'propertyNum', title: t('member-group.user.properties'), width: 100 }]
      : [
          { key: 'orgName', title: t('member-group.user.org'), render: (row: UserItem) => row.orgName ?? '—' },
          {
            key: 'role',
            title: t('member-group.user.role'),
            width: 100,
            render: (row: UserItem) =>
              row.role ? (
                <Tag color={row.role === 'member' ? 'default' : 'blue'}>{t(`common.roles.${row.role}`)}</Tag>
              ) : (
                '—'
              ),
          },
        ]),
    {
      key: 'status',
      title: t('member-group.user.status'),
      width: 100,
      filter: [
        { value: '1', label: t('member-group.status.enabled') },
        { value: '0', label: t('member-group.status.disabled') },
      ],
      render: (row) =>
        row.status === 1 ? (
          <Tag color="green" data-testid={`user-status-${row.phoneNum}`}>
            {t('member-group.status.enabled')}
          </Tag>
        ) : (
          <Tag color="red" data-testid={`user-status-${row.phoneNum}`}>
            {t('member-group.status.disabled')}
          </Tag>
        ),
    },
    {
      key: 'time',
      title: platform && !filterPno ? t('member-group.user.createdAt') : t('member-group.user.joined'),
      width: 150,
      render: (row) => formatTime(platform && !filterPno ? row.createTime : (row.joinTime ?? row.createTime)),
    },
    ...(canEdit
      ? [
          {
            key: 'action',
            title: t('common.actions'),
            width: 170,
            render: (row: UserItem) => {
              const reason = blocked(row);
              return (
                <Space size={4}>
                  <Tooltip title={t('member-group.user.edit')}>
                    <Button
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('member-group.user.edit')}
                      onClick={() => setDialog({ kind: 'edit', user: row })}
                      data-testid={`user-edit-${row.phoneNum}`}
                    />
                  </Tooltip>
                  {reason ? (
                    <Tooltip title={reason}>
                      <Button size="small" disabled data-testid={`user-status-blocked-${row.phoneNum}`}>
                        {row.status === 1 ? t('member-group.user.disable') : t('member-group.user.enable')}
                      </Button>
                    </Tooltip>
                  ) : row.status === 1 ? (
                    <ConfirmAction
                      title={t('member-group.user.disableConfirm', { name: row.name })}
                      description={t('member-group.user.disableHelp')}
                      onConfirm={() => setStatus(row, 0)}
                      buttonProps={{ size: 'small', 'data-testid': `user-disable-${row.phoneNum}` } as never}
                    >
                      {t('member-group.user.disable')}
                    </ConfirmAction>
                  ) : (
                    <ConfirmAction
                      danger={false}
                      title={t('member-group.user.enableConfirm', { name: row.name })}
                      description={t('member-group.user.enableHelp')}
                      onConfirm={() => setStatus(row, 1)}
                      buttonProps={{ size: 'small', 'data-testid': `user-enable-${row.phoneNum}` } as never}
                    >
                      {t('member-group.user.enable')}
                    </ConfirmAction>
                  )}
                </Space>
              );
            },
          },
        ]
      : []),
  ];

  return (
    <div data-testid="user-table-wrap">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        {platform ? (
          <PropertySelect
            value={filterPno}
            onChange={(next) =>
              void navigate({
                to: '.',
                search: { ...search, filterPno: next, pageNum: undefined } as never,
                replace: true,
              })
            }
            testId="filter-property"
          />
        ) : (
          <Typography.Text type="secondary">{t('member-group.user.help')}</Typography.Text>
        )}
        {canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="user-create"
          >
            {t('member-group.user.createTitle')}
          </Button>
        )}
      </Space>
      <DataTable
        testId="user-table"
        rowKey="uid"
        query={(params) =>
          scopedQuery(
            'u/getUserList',
            {
              pageNum: params.pageNum,
              pageSize: params.pageSize,
              ...(params.filters.str ? { str: params.filters.str } : {}),
              ...(params.filters.status === '0' || params.filters.status === '1'
                ? { status: Number(params.filters.status) as 0 | 1 }
                : {}),
              ...(filterPno ? { filterPno } : {}),
            },
            scope,
          )
        }
        columns={columns}
        selection={
          canEdit
            ? {
                keys: selected,
                onChange: setSelected,
                selectable: (row) => blocked(row) === null,
                actions: (
                  <Space size={4}>
                    <ConfirmAction
                      danger={false}
                      title={t('member-group.user.batchEnableConfirm', { count: selected.length })}
                      onConfirm={() => setSelectedStatus(1)}
                      buttonProps={{ size: 'small', 'data-testid': 'batch-enable' } as never}
                    >
                      {t('member-group.user.enable')}
                    </ConfirmAction>
                    <ConfirmAction
                      title={t('member-group.user.batchDisableConfirm', { count: selected.length })}
                      onConfirm={() => setSelectedStatus(0)}
                      buttonProps={{ size: 'small', 'data-testid': 'batch-disable' } as never}
                    >
                      {t('member-group.user.disable')}
                    </ConfirmAction>
                  </Space>
                ),
              }
            : undefined
        }
      />
      <EditUserInfoDialog
        scope={scope}
        open={dialog !== null}
        user={dialog?.kind === 'edit' ? dialog.user : undefined}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
