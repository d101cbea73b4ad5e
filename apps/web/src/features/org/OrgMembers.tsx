import type { OrgNode, OrgUser } from '@keel/contract/endpoints/org';
import Button from 'antd/es/button';
import Tag from 'antd/es/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnSpec } from '../../shared/admin-kit/DataTable';
import { ResourcePage } from '../../shared/admin-kit/ResourcePage';
import { defineResource } from '../../shared/admin-kit/resource';
import { ORG_MEMBER_LISTS, orgQuery } from './api';
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
    { key: 'joinTime', title: t('org.member.joined'), width: 150, time: true },
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
  const [moving, setMoving] = useState<Row | null>(null);
  const resource = defineResource<Row>()({
    scope: pno === undefined ? 'property' : 'platform',
    rowKey: 'uid',
    tableTestId: 'org-member-table',
    list: {
      query: (params) =>
        orgQuery(pno, 'o/getOrgUserList', {
          oid: node.oid,
          pageNum: params.pageNum,
          pageSize: params.pageSize,
          str: params.filters.str,
          includeSub: params.filters.includeSub === '1' ? 1 : 0,
        }),
    },
    columns: useColumns(),
    remove: {
      path: 'o/delOrgUser',
      input: (row) => ({ ...(pno === undefined ? {} : { pno }), oid: row.oid ?? node.oid, uid: row.uid }),
      confirm: (row) => ({
        title: t('org.member.removeConfirm', { name: row.name }),
        description: t('org.member.removeHelp'),
      }),
      success: (_data, row) => t('org.member.removed', { name: row.name }),
      invalidates: ORG_MEMBER_LISTS,
    },
    actions: canManage
      ? {
          title: t('common.actions'),
          blocked: (row) => (row.role === 'owner' || row.uid === selfUid ? null : undefined),
          before: (row) => (
            <Button size="small" data-testid={`move-${row.phoneNum}`} onClick={() => setMoving(row)}>
              {t('org.member.move')}
            </Button>
          ),
          remove: { label: t('org.member.remove'), testId: (row) => `remove-${row.phoneNum}` },
        }
      : undefined,
  });
  return (
    <>
      <ResourcePage resource={resource} />
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
