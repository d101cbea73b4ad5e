import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { USER_PERMISSIONS, type UserItem, userEndpoints } from '@keel/contract/endpoints/user';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { useSearchOf, useSearchUpdate } from '../../../shared/api/search-of';
import { formatTime } from '../../../shared/format/time';
import { PropertySelect } from '../../../shared/pickers/PropertySelect';
import { type Scope, useCan } from '../api';
import { useUserForm } from '../dialogs/EditUserInfoDialog';
import { BatchStatusActions, UserStatusAction, useBlocked } from './UserStatusActions';

const LIST_INPUT = userEndpoints['u/getUserList'].input;

/**
 * Accounts with their status (`u/getUserList`): the selected property's members (`/UserManage/UserListPage`) or,
 * in the back office, every account or one property's (`/Account/BackUserInfo`, `filterPno` in the URL). With
 * `manage.users.edit` (always in the back office): create (the dialog route; the back office has none), edit,
 * enable and disable, one by one or the selected rows.
 */
export function UserTable({ scope = 'property' }: { scope?: Scope }) {
  const { t } = useTranslation();
  const update = useSearchUpdate();
  const canEdit = useCan(USER_PERMISSIONS.edit, scope);
  const [selected, setSelected] = useState<string[]>([]);
  const blocked = useBlocked(scope);
  const platform = scope === 'platform';
  const listed = useSearchOf(LIST_INPUT);
  const filterPno = platform ? listed.filterPno : undefined;
  // Every account (no property filter) shows how many properties each has instead of its place in one.
  const everyone = platform && !filterPno;
  const status = (on: boolean) => t(on ? 'member-group.status.enabled' : 'member-group.status.disabled');

  const resource = defineResource<UserItem>()({
    scope,
    rowKey: 'uid',
    testId: 'user-table-wrap',
    tableTestId: 'user-table',
    noProperty: t('member-group.noProperty'),
    toolbar: platform ? (
      <PropertySelect value={filterPno} onChange={(pno) => update({ filterPno: pno })} testId="filter-property" />
    ) : (
      <Typography.Text type="secondary">{t('member-group.user.help')}</Typography.Text>
    ),
    create: canEdit
      ? { label: t('member-group.user.createTitle'), icon: <PlusOutlined />, testId: 'user-create' }
      : undefined,
    dialogRoute: platform ? undefined : { to: '/Account/EditUserInfoDialog' },
    form: useUserForm(scope),
    list: { path: 'u/getUserList', schema: LIST_INPUT, input: (search) => ({ ...search, filterPno }) },
    columns: [
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
      { key: 'propertyNum', title: t('member-group.user.properties'), width: 100, hidden: !everyone },
      { key: 'orgName', title: t('member-group.user.org'), render: (row) => row.orgName ?? '—', hidden: everyone },
      {
        key: 'role',
        title: t('member-group.user.role'),
        width: 100,
        hidden: everyone,
        render: (row) =>
          row.role ? (
            <Tag color={row.role === 'member' ? 'default' : 'blue'}>{t(`common.roles.${row.role}`)}</Tag>
          ) : (
            '—'
          ),
      },
      {
        key: 'status',
        title: t('member-group.user.status'),
        width: 100,
        filter: [
          { value: '1', label: status(true) },
          { value: '0', label: status(false) },
        ],
        render: (row) => (
          <Tag color={row.status === 1 ? 'green' : 'red'} data-testid={`user-status-${row.phoneNum}`}>
            {status(row.status === 1)}
          </Tag>
        ),
      },
      {
        key: 'time',
        title: t(everyone ? 'member-group.user.createdAt' : 'member-group.user.joined'),
        width: 150,
        render: (row) => formatTime(everyone ? row.createTime : (row.joinTime ?? row.createTime)),
      },
    ],
    actions: canEdit
      ? {
          title: t('common.actions'),
          width: 170,
          edit: {
            label: t('member-group.user.edit'),
            icon: <EditOutlined />,
            iconOnly: true,
            testId: (row) => `user-edit-${row.phoneNum}`,
          },
          after: (row) => <UserStatusAction scope={scope} user={row} reason={blocked(row)} />,
        }
      : undefined,
    selection: canEdit
      ? {
          keys: selected,
          onChange: setSelected,
          selectable: (row) => blocked(row) === null,
          actions: <BatchStatusActions scope={scope} uids={selected} onDone={() => setSelected([])} />,
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
