import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { type AdminItem, permissionEndpoints } from '@keel/contract/endpoints/permission';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../../shared/admin-kit/resource';
import { apiQuery } from '../../../shared/api/query';
import { useSpaceNames } from '../../../shared/pickers/SpaceSelect';
import { useSession } from '../../../shared/session/session-store';
import { PERMISSION_LISTS, usePermissionRights } from '../api';
import { orgNames } from './scope';

/** One line per set of an administrator: the set's name and where it applies. */
function ScopeLines({
  admin,
  render,
}: {
  admin: AdminItem;
  render: (set: AdminItem['permissionSetList'][number]) => ReactNode;
}) {
  return (
    <Space orientation="vertical" size={2}>
      {admin.permissionSetList.map((set) => (
        <span key={set.psid}>
          {admin.permissionSetList.length > 1 && (
            <Typography.Text type="secondary" style={{ marginRight: 4 }}>
              {set.name}:
            </Typography.Text>
          )}
          {render(set)}
        </span>
      ))}
    </Space>
  );
}

/**
 * `/Account/AddAdminForPerSetComponent`: the selected property's administrators (`ps/getMyAdminList`): the owner
 * first, then members holding sets, each set with its organisation and space scope. Add an administrator, change
 * their sets, set their scope (each a dialog route), or take their administration rights away.
 */
export function AddAdminForPerSetComponent() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const me = useSession((s) => s.userInfo?.uid);
  const rights = usePermissionRights();
  const navigate = useNavigate();
  const orgs = useQuery({ ...apiQuery('o/getMyOrgTreeList', {}), enabled: pno !== null && rights.seeOrgs });
  const names = useMemo(() => orgNames(orgs.data), [orgs.data]);
  const spaceNames = useSpaceNames(rights.seeSpaces);
  /** The dialogs are routes over this page, `?uid=` naming the administrator. */
  const open = (to: '/Account/EditPerSetForAdminDialog' | '/Account/AddAdminAuthScopeForPerSetDlg', admin: AdminItem) =>
    void navigate({ to, search: { uid: admin.uid } });

  const orgScope = (oidList: string[] | null) =>
    oidList === null ? (
      <Tag color="green">{t('permission.scope.wholeProperty')}</Tag>
    ) : oidList.length === 0 ? (
      <Tag color="red">{t('permission.scope.noOrgs')}</Tag>
    ) : (
      oidList.map((oid) => (
        <Tag key={oid} color="cyan">
          {names.get(oid) ?? oid}
        </Tag>
      ))
    );
  const spaceScope = (sidList: string[] | null) =>
    sidList === null ? (
      <Tag color="green">{t('permission.scope.allSpaces')}</Tag>
    ) : sidList.length === 0 ? (
      <Tag color="red">{t('permission.scope.noSpaces')}</Tag>
    ) : (
      sidList.map((sid) => (
        <Tag key={sid} color="geekblue">
          {spaceNames.get(sid) ?? sid}
        </Tag>
      ))
    );

  const resource = defineResource<AdminItem>()({
    rowKey: 'uid',
    card: { title: t('permission.admin.title'), testId: 'admin-page' },
    tableTestId: 'admin-table',
    noProperty: t('permission.noProperty'),
    create: rights.assign
      ? { label: t('permission.admin.add'), icon: <UserAddOutlined />, testId: 'admin-add' }
      : undefined,
    dialogRoute: { to: '/Account/AddAdminForPerSetDlg' },
    list: { path: 'ps/getMyAdminList', schema: permissionEndpoints['ps/getMyAdminList'].input },
    columns: [
      {
        key: 'str',
        title: t('permission.admin.user'),
        filter: true,
        width: 200,
        render: (row) => (
          <div data-testid={`admin-row-${row.phoneNum}`}>
            <div>
              {row.name}
              {row.role === 'owner' && (
                <Tag color="gold" style={{ marginLeft: 6 }}>
                  {t('common.roles.owner')}
                </Tag>
              )}
            </div>
            <Typography.Text type="secondary">{row.phoneNum}</Typography.Text>
          </div>
        ),
      },
      {
        key: 'sets',
        title: t('permission.admin.sets'),
        render: (row) =>
          row.role === 'owner' ? (
            <Typography.Text type="secondary">{t('permission.admin.ownerHoldsAll')}</Typography.Text>
          ) : (
            <Space wrap size={[4, 4]}>
              {row.permissionSetList.map((s) => (
                <Tag key={s.psid} color="blue">
                  {s.name}
                </Tag>
              ))}
            </Space>
          ),
      },
      {
        key: 'orgScope',
        title: t('permission.admin.orgScope'),
        render: (row) =>
          row.role === 'owner' ? (
            orgScope(null)
          ) : (
            <span data-testid={`admin-org-scope-${row.phoneNum}`}>
              <ScopeLines admin={row} render={(s) => orgScope(s.oidList)} />
            </span>
          ),
      },
      {
        key: 'spaceScope',
        title: t('permission.admin.spaceScope'),
        render: (row) =>
          row.role === 'owner' ? spaceScope(null) : <ScopeLines admin={row} render={(s) => spaceScope(s.sidList)} />,
      },
      { key: 'joinTime', title: t('permission.admin.joined'), width: 170, time: true },
    ],
    remove: {
      path: 'ps/assignPerSet',
      input: (admin) => ({ uidList: [admin.uid], psidList: [], mode: 'replace' }),
      confirm: (admin) => ({
        title: t('permission.admin.removeConfirm', { name: admin.name }),
        description: t('permission.admin.removeHelp'),
      }),
      success: (_data, admin) => t('permission.admin.removed', { name: admin.name }),
      invalidates: PERMISSION_LISTS,
    },
    actions: rights.assign
      ? {
          title: t('common.actions'),
          width: 260,
          blocked: (row) =>
            row.role === 'owner' || row.uid === me ? (
              <Typography.Text type="secondary">
                {row.role === 'owner' ? t('permission.admin.ownerFixed') : t('permission.admin.notYourself')}
              </Typography.Text>
            ) : undefined,
          before: (row) => (
            <>
              <Button
                size="small"
                icon={<EditOutlined />}
                data-testid={`admin-sets-${row.phoneNum}`}
                onClick={() => open('/Account/EditPerSetForAdminDialog', row)}
              >
                {t('permission.admin.changeSets')}
              </Button>
              <Button
                size="small"
                icon={<ApartmentOutlined />}
                data-testid={`admin-scope-${row.phoneNum}`}
                onClick={() => open('/Account/AddAdminAuthScopeForPerSetDlg', row)}
              >
                {t('permission.admin.scope')}
              </Button>
            </>
          ),
          remove: { label: t('permission.admin.remove'), testId: (row) => `admin-remove-${row.phoneNum}` },
        }
      : undefined,
  });
  return <ResourcePage resource={resource} />;
}
