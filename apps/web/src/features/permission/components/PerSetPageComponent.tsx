import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { type MyPermissionSetItem, permissionEndpoints } from '@keel/contract/endpoints/permission';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { PERMISSION_LISTS, usePermissionRights } from '../api';
import { PermissionCount } from './PermissionNames';
import { SetAdminCount, SetRemark } from './SetCells';

/**
 * `/Account/PerSetPageComponent`: the selected property's permission sets (`ps/getMyPerSetList`) with how many
 * permissions and administrators each has; create and edit in the dialog route `/Account/EditPerSetDialog`, delete
 * after a confirmation that says who loses the set. A set holding more than one may grant stays as it is.
 */
export function PerSetPageComponent() {
  const { t } = useTranslation();
  const rights = usePermissionRights();
  const beyond = (set: MyPermissionSetItem) => (set.grantable === 1 ? undefined : t('permission.set.beyondHelp'));
  const resource = defineResource<MyPermissionSetItem>()({
    rowKey: 'psid',
    card: { title: t('permission.set.title'), testId: 'per-set-page' },
    tableTestId: 'per-set-table',
    noProperty: t('permission.noProperty'),
    create: rights.editSets
      ? { label: t('permission.set.create'), icon: <PlusOutlined />, testId: 'per-set-create' }
      : undefined,
    dialogRoute: { to: '/Account/EditPerSetDialog', search: (set) => ({ psid: set.psid }) },
    list: { path: 'ps/getMyPerSetList', schema: permissionEndpoints['ps/getMyPerSetList'].input },
    columns: [
      {
        key: 'str',
        title: t('permission.set.name'),
        width: 220,
        filter: true,
        render: (row) => (
          <span data-testid={`per-set-row-${row.name}`}>
            {row.name}
            {row.grantable !== 1 && (
              <Tooltip title={t('permission.set.beyondHelp')}>
                <Tag color="orange" style={{ marginLeft: 6 }}>
                  {t('permission.set.beyond')}
                </Tag>
              </Tooltip>
            )}
          </span>
        ),
      },
      {
        key: 'remark',
        title: t('permission.set.remark'),
        render: (row) => <SetRemark remark={row.remark} maxWidth={280} />,
      },
      {
        key: 'count',
        title: t('permission.set.count'),
        width: 110,
        render: (row) => <PermissionCount ids={row.permissionIdList} testId={`per-set-count-${row.name}`} />,
      },
      {
        key: 'adminCount',
        title: t('permission.set.admins'),
        width: 110,
        render: (row) => <SetAdminCount count={row.adminCount} />,
      },
      { key: 'updateTime', title: t('permission.set.updated'), width: 170, time: true },
    ],
    remove: {
      path: 'ps/delPerSet',
      input: (set) => ({ psid: set.psid, force: set.adminCount > 0 ? 1 : 0 }),
      confirm: (set) => ({
        title: t('permission.set.deleteConfirm', { name: set.name }),
        description:
          set.adminCount > 0
            ? t('permission.set.deleteInUse', { count: set.adminCount })
            : t('permission.set.deleteUnused'),
      }),
      success: ({ unassigned }, { name }) =>
        unassigned > 0
          ? t('permission.set.deletedFrom', { name, count: unassigned })
          : t('permission.set.deleted', { name }),
      invalidates: PERMISSION_LISTS,
    },
    actions: rights.editSets
      ? {
          title: t('common.actions'),
          width: 190,
          edit: {
            label: t('permission.set.edit'),
            icon: <EditOutlined />,
            testId: (s) => `per-set-edit-${s.name}`,
            disabled: beyond,
          },
          remove: {
            label: t('permission.set.delete'),
            icon: <DeleteOutlined />,
            testId: (s) => `per-set-delete-${s.name}`,
            disabled: beyond,
          },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
