import type { OrgNode, OrgUser } from '@keel/contract/endpoints/org';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd/es/button';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { type ColumnSpec, DataTable } from '../../shared/admin-kit/DataTable';
import { formatTime } from '../../shared/format/time';
import { toast } from '../../shared/toast/toast-store';
import { orgApi, orgQuery } from './api';
import { MoveMemberDialog } from './MemberDialogs';

type Row = Pick<OrgUser, 'uid' | 'name' | 'phoneNum' | 'email' | 'status'> & {
  oid: string | null;
  orgName: string | null;
  role: OrgUser['role'] | null;
  joinTime: number | null;
};

function useColumns(): ColumnSpec<Row>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'str',
      title: t('org.member.search'),
      filter: true,
      render: (row) => (
        <span data-testid={`member-${row.phoneNum}`} style={{ whiteSpace: 'nowrap' }}>
          {row.name}
          {row.email && (
            <span style={{ display: 'block', fontSize: 12, opacity: 0.6 }} title={t('org.member.email')}>
              {row.email}
            </span>
          )}
        </span>
      ),
    },
    { key: 'phoneNum', title: t('org.member.phone'), width: 130 },
    {
      key: 'includeSub',
      title: t('org.member.org'),
      width: 140,
      filter: [{ value: '1', label: t('org.member.withSub') }],
      render: (row) => row.orgName ?? '—',
    },
    {
      key: 'role',
      title: t('org.member.role'),
      width: 100,
      render: (row) =>
        row.role ? <Tag color={row.role === 'member' ? 'default' : 'blue'}>{t(`common.roles.${row.role}`)}</Tag> : '—',
    },
    {
      key: 'status',
      title: t('org.member.status'),
      width: 90,
      render: (row) =>
        row.status === 1 ? (
          <Tag color="green">{t('org.member.enabled')}</Tag>
        ) : (
          <Tag color="red">{t('org.member.disabled')}</Tag>
        ),
    },
    { key: 'joinTime', title: t('org.member.joined'), width: 150, render: (row) => formatTime(row.joinTime) },
  ];
}

/**
 * Members of a node of the selected property (`o/getOrgUserList`), with move and remove for member managers;
 * in the back office (`pno` given) of that property, called without the `pno` header.
 */
export function OrgMembers({
  node,
  canManage,
  selfUid,
  pno,
  tree,
}: {
  node: OrgNode;
  canManage: boolean;
  selfUid?: string;
  pno?: string;
  /** The tree the move dialog offers (by default the selected property's). */
  tree?: readonly OrgNode[];
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [moving, setMoving] = useState<Row | null>(null);
  const columns = useColumns();
  const remove = async (row: Row) => {
    try {
      await orgApi(pno, 'o/delOrgUser', { oid: row.oid ?? node.oid, uid: row.uid });
      toast.success(t('org.member.removed', { name: row.name }));
      await queryClient.invalidateQueries();
    } catch {
      // reported by the client
    }
  };
  return (
    <>
      <DataTable
        testId="org-member-table"
        rowKey="uid"
        query={(params) =>
          orgQuery(pno, 'o/getOrgUserList', {
            oid: node.oid,
            pageNum: params.pageNum,
            pageSize: params.pageSize,
            str: params.filters.str,
            includeSub: params.filters.includeSub === '1' ? 1 : 0,
          })
        }
        columns={[
          ...columns,
          ...(canManage
            ? [
                {
                  key: 'action',
                  title: t('common.actions'),
                  render: (row: Row) =>
                    row.role === 'owner' || row.uid === selfUid ? null : (
                      <Space size={4}>
                        <Button size="small" data-testid={`move-${row.phoneNum}`} onClick={() => setMoving(row)}>
                          {t('org.member.move')}
                        </Button>
                        <ConfirmAction
                          title={t('org.member.removeConfirm', { name: row.name })}
                          description={t('org.member.removeHelp')}
                          onConfirm={() => remove(row)}
                          buttonProps={{ size: 'small', 'data-testid': `remove-${row.phoneNum}` } as never}
                        >
                          {t('org.member.remove')}
                        </ConfirmAction>
                      </Space>
                    ),
                },
              ]
            : []),
        ]}
      />
      <MoveMemberDialog
        open={moving !== null}
        onClose={() => setMoving(null)}
        member={moving ? { uid: moving.uid, name: moving.name, oid: moving.oid ?? node.oid } : undefined}
        pno={pno}
        tree={tree}
      />
    </>
  );
}
