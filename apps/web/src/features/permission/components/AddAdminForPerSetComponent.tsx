import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import type { AdminItem } from '@keel/contract/endpoints/permission';
import { useQuery } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { api } from '../../../shared/api/client';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { useSpaceNames } from '../../../shared/pickers/SpaceSelect';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { usePermissionRights, useRefreshPermission } from '../api';
import { AddAdminAuthScopeForPerSetDlg } from '../dialogs/AddAdminAuthScopeForPerSetDlg';
import { AddAdminForPerSetDlg } from '../dialogs/AddAdminForPerSetDlg';
import { EditPerSetForAdminDialog } from '../dialogs/EditPerSetForAdminDialog';
import { orgNames } from './scope';

type Dialog = { kind: 'add' } | { kind: 'sets'; admin: AdminItem } | { kind: 'scope'; admin: AdminItem } | null;

/** One line per set of an administrator: the set's name and where it applies. */
function ScopeLines({
  admin,
  render,
}: {
  admin: AdminItem;
  render: (set: AdminItem['permissionSetList'][number]) => React.ReactNode;
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
 * their sets, set their scope, or take their administration rights away.
 */
export function AddAdminForPerSetComponent() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const me = useSession((s) => s.userInfo?.uid);
  const rights = usePermissionRights();
  const refresh = useRefreshPermission();
  const [dialog, setDialog] = useState<Dialog>(null);
  const orgs = useQuery({ ...apiQuery('o/getMyOrgTreeList', {}), enabled: pno !== null && rights.seeOrgs });
  const names = useMemo(() => orgNames(orgs.data), [orgs.data]);
  const spaceNames = useSpaceNames(rights.seeSpaces);

  const demote = async (admin: AdminItem) => {
    try {
      await api('ps/assignPerSet', { uidList: [admin.uid], psidList: [], mode: 'replace' });
      toast.success(t('permission.admin.removed', { name: admin.name }));
    } catch {
      // the client already showed the server's reason
    }
    await refresh();
  };

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

  return (
    <Card
      title={t('permission.admin.title')}
      data-testid="admin-page"
      extra={
        rights.assign &&
        pno && (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            data-testid="admin-add"
            onClick={() => setDialog({ kind: 'add' })}
          >
            {t('permission.admin.add')}
          </Button>
        )
      }
    >
      {pno === null ? (
        <Empty description={t('permission.noProperty')} />
      ) : (
        <DataTable
          testId="admin-table"
          rowKey="uid"
          query={(params) => apiQuery('ps/getMyAdminList', pageInput(params))}
          columns={[
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
                row.role === 'owner' ? (
                  spaceScope(null)
                ) : (
                  <ScopeLines admin={row} render={(s) => spaceScope(s.sidList)} />
                ),
            },
            { key: 'joinTime', title: t('permission.admin.joined'), width: 170, render: (r) => formatTime(r.joinTime) },
            ...(rights.assign
              ? [
                  {
                    key: 'action',
                    title: t('common.actions'),
                    width: 260,
                    render: (row: AdminItem) =>
                      row.role === 'owner' || row.uid === me ? (
                        <Typography.Text type="secondary">
                          {row.role === 'owner' ? t('permission.admin.ownerFixed') : t('permission.admin.notYourself')}
                        </Typography.Text>
                      ) : (
                        <Space size={4}>
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            data-testid={`admin-sets-${row.phoneNum}`}
                            onClick={() => setDialog({ kind: 'sets', admin: row })}
                          >
                            {t('permission.admin.changeSets')}
                          </Button>
                          <Button
                            size="small"
                            icon={<ApartmentOutlined />}
                            data-testid={`admin-scope-${row.phoneNum}`}
                            onClick={() => setDialog({ kind: 'scope', admin: row })}
                          >
                            {t('permission.admin.scope')}
                          </Button>
                          <ConfirmAction
                            title={t('permission.admin.removeConfirm', { name: row.name })}
                            description={t('permission.admin.removeHelp')}
                            onConfirm={() => demote(row)}
                            buttonProps={{ size: 'small', 'data-testid': `admin-remove-${row.phoneNum}` } as never}
                          >
                            {t('permission.admin.remove')}
                          </ConfirmAction>
                        </Space>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <AddAdminForPerSetDlg open={dialog?.kind === 'add'} onClose={() => setDialog(null)} />
      <EditPerSetForAdminDialog
        open={dialog?.kind === 'sets'}
        admin={dialog?.kind === 'sets' ? dialog.admin : undefined}
        onClose={() => setDialog(null)}
      />
      <AddAdminAuthScopeForPerSetDlg
        open={dialog?.kind === 'scope'}
        admin={dialog?.kind === 'scope' ? dialog.admin : undefined}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
