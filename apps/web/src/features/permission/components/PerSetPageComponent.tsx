import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { MyPermissionSetItem } from '@keel/contract/endpoints/permission';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Tooltip from 'antd/es/tooltip';
import { type ReactElement, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { api } from '../../../shared/api/client';
import { apiQuery } from '../../../shared/api/query';
import { formatTime } from '../../../shared/format/time';
import { useSession } from '../../../shared/session/session-store';
import { toast } from '../../../shared/toast/toast-store';
import { usePermissionRights, useRefreshPermission } from '../api';
import { EditPerSetDialog } from '../dialogs/EditPerSetDialog';
import { PermissionCount } from './PermissionNames';
import { SetAdminCount, SetRemark } from './SetCells';

type Dialog = { kind: 'create' } | { kind: 'edit'; set: MyPermissionSetItem } | null;

/**
 * `/Account/PerSetPageComponent`: the selected property's permission sets (`ps/getMyPerSetList`) with how many
 * permissions and administrators each has; create and edit in `EditPerSetDialog`, delete after a confirmation
 * that says who loses the set.
 */
export function PerSetPageComponent() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const rights = usePermissionRights();
  const refresh = useRefreshPermission();
  const [dialog, setDialog] = useState<Dialog>(null);

  const remove = async (set: MyPermissionSetItem) => {
    try {
      const { unassigned } = await api('ps/delPerSet', { psid: set.psid, force: set.adminCount > 0 ? 1 : 0 });
      toast.success(
        unassigned > 0
          ? t('permission.set.deletedFrom', { name: set.name, count: unassigned })
          : t('permission.set.deleted', { name: set.name }),
      );
    } catch {
      // the client already showed the server's reason
    }
    await refresh();
  };

  const beyond = (set: MyPermissionSetItem, node: ReactElement) =>
    set.grantable === 1 ? node : <Tooltip title={t('permission.set.beyondHelp')}>{node}</Tooltip>;

  return (
    <Card
      title={t('permission.set.title')}
      data-testid="per-set-page"
      extra={
        rights.editSets &&
        pno && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="per-set-create"
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('permission.set.create')}
          </Button>
        )
      }
    >
      {pno === null ? (
        <Empty description={t('permission.noProperty')} />
      ) : (
        <DataTable
          testId="per-set-table"
          rowKey="psid"
          query={(params) => apiQuery('ps/getMyPerSetList', pageInput(params))}
          columns={[
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
            {
              key: 'updateTime',
              title: t('permission.set.updated'),
              width: 170,
              render: (r) => formatTime(r.updateTime),
            },
            ...(rights.editSets
              ? [
                  {
                    key: 'action',
                    title: t('common.actions'),
                    width: 190,
                    render: (row: MyPermissionSetItem) => (
                      <Space size={4}>
                        {beyond(
                          row,
                          <Button
                            size="small"
                            icon={<EditOutlined />}
                            disabled={row.grantable !== 1}
                            data-testid={`per-set-edit-${row.name}`}
                            onClick={() => setDialog({ kind: 'edit', set: row })}
                          >
                            {t('permission.set.edit')}
                          </Button>,
                        )}
                        {row.grantable === 1 ? (
                          <ConfirmAction
                            title={t('permission.set.deleteConfirm', { name: row.name })}
                            description={
                              row.adminCount > 0
                                ? t('permission.set.deleteInUse', { count: row.adminCount })
                                : t('permission.set.deleteUnused')
                            }
                            onConfirm={() => remove(row)}
                            buttonProps={
                              {
                                size: 'small',
                                icon: <DeleteOutlined />,
                                'data-testid': `per-set-delete-${row.name}`,
                              } as never
                            }
                          >
                            {t('permission.set.delete')}
                          </ConfirmAction>
                        ) : (
                          beyond(
                            row,
                            <Button size="small" danger disabled icon={<DeleteOutlined />}>
                              {t('permission.set.delete')}
                            </Button>,
                          )
                        )}
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      <EditPerSetDialog
        open={dialog !== null}
        set={dialog?.kind === 'edit' ? dialog.set : undefined}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
