import type { OrgRequest } from '@keel/contract/endpoints/org';
import { REQUEST_STATUSES } from '@keel/contract/endpoints/org';
import { useQueryClient } from '@tanstack/react-query';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../shared/admin-kit/ConfirmAction';
import { DataTable } from '../../shared/admin-kit/DataTable';
import { pageInput } from '../../shared/admin-kit/table-params';
import { api } from '../../shared/api/client';
import { apiQuery } from '../../shared/api/query';
import { formatTime } from '../../shared/format/time';
import { useSession } from '../../shared/session/session-store';
import { toast } from '../../shared/toast/toast-store';

const STATUS_COLORS: Record<string, string> = {
  pending: 'gold',
  accepted: 'green',
  approved: 'green',
  declined: 'default',
  rejected: 'red',
  revoked: 'default',
  expired: 'default',
};

/** `/BusinessProcess/MemberAuditPage`: join requests and open invitations of the property; approve, decline, withdraw. */
export function MemberAuditPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  const queryClient = useQueryClient();

  const [selected, setSelected] = useState<string[]>([]);

  const decide = async (row: OrgRequest, pass: 0 | 1) => {
    try {
      await api('o/auditInviteOrgUser', { idList: [row.id], pass, remark: '' });
      toast.success(
        row.kind === 'invite' ? t('org.audit.withdrawn') : pass ? t('org.audit.approved') : t('org.audit.rejected'),
      );
      setSelected((keys) => keys.filter((k) => k !== row.id));
      await queryClient.invalidateQueries();
    } catch {
      // reported by the client
    }
  };

  /** The selected join requests, in one call (the server takes them all or none). */
  const decideSelected = async (pass: 0 | 1) => {
    try {
      await api('o/auditInviteOrgUser', { idList: selected, pass, remark: '' });
      toast.success(t(pass ? 'org.audit.batchApproved' : 'org.audit.batchRejected', { count: selected.length }));
      setSelected([]);
      await queryClient.invalidateQueries();
    } catch {
      // reported by the client
    }
  };

  if (!pno)
    return (
      <Card title={t('org.audit.title')} data-testid="member-audit-page">
        <Empty description={t('org.noProperty')} />
      </Card>
    );

  return (
    <Card title={t('org.audit.title')} data-testid="member-audit-page">
      <Typography.Paragraph type="secondary">{t('org.audit.help')}</Typography.Paragraph>
      <DataTable
        testId="member-audit-table"
        rowKey="id"
        query={(params) =>
          apiQuery('o/getAuditUserList', {
            ...pageInput(params),
            kind: params.filters.kind as OrgRequest['kind'] | undefined,
            statusList: [(params.filters.status as OrgRequest['status'] | undefined) ?? 'pending'],
          })
        }
        selection={{
          keys: selected,
          onChange: setSelected,
          selectable: (row) => row.kind === 'join' && row.status === 'pending',
          actions: (
            <Space size={4}>
              <ConfirmAction
                danger={false}
                title={t('org.audit.batchApproveConfirm', { count: selected.length })}
                onConfirm={() => decideSelected(1)}
                buttonProps={{ size: 'small', type: 'primary', 'data-testid': 'batch-approve' } as never}
              >
                {t('org.audit.approve')}
              </ConfirmAction>
              <ConfirmAction
                title={t('org.audit.batchRejectConfirm', { count: selected.length })}
                onConfirm={() => decideSelected(0)}
                buttonProps={{ size: 'small', 'data-testid': 'batch-reject' } as never}
              >
                {t('org.audit.reject')}
              </ConfirmAction>
            </Space>
          ),
        }}
        columns={[
          {
            key: 'kind',
            title: t('org.audit.kind'),
            width: 100,
            filter: [
              { value: 'join', label: t('org.audit.kinds.join') },
              { value: 'invite', label: t('org.audit.kinds.invite') },
            ],
            render: (row) => (
              <Tag color={row.kind === 'join' ? 'blue' : 'purple'}>{t(`org.audit.kinds.${row.kind}`)}</Tag>
            ),
          },
          {
            key: 'str',
            title: t('org.member.search'),
            filter: true,
            render: (row) => (
              <span data-testid={`request-${row.phoneNum}`}>
                {row.name ?? <Typography.Text type="secondary">{t('org.audit.noAccount')}</Typography.Text>}
                <Typography.Text type="secondary" style={{ marginLeft: 6 }}>
                  {row.phoneNum}
                </Typography.Text>
              </span>
            ),
          },
          { key: 'orgName', title: t('org.member.org') },
          {
            key: 'remark',
            title: t('org.audit.remark'),
            render: (row) =>
              row.remark ? (
                <Typography.Text ellipsis={{ tooltip: row.remark }} style={{ maxWidth: 200 }}>
                  {row.remark}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
          {
            key: 'inviterName',
            title: t('org.audit.by'),
            render: (row) => (row.kind === 'invite' ? (row.inviterName ?? '—') : (row.reviewerName ?? '—')),
          },
          {
            key: 'createTime',
            title: t('org.audit.time'),
            width: 150,
            render: (row) => formatTime(row.createTime),
          },
          {
            key: 'status',
            title: t('org.audit.status'),
            width: 110,
            filter: REQUEST_STATUSES.map((s) => ({ value: s, label: t(`org.audit.statuses.${s}`) })),
            render: (row) => (
              <Space orientation="vertical" size={0}>
                <Tag color={STATUS_COLORS[row.status]}>{t(`org.audit.statuses.${row.status}`)}</Tag>
                {row.status === 'pending' && row.expireTime && (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('org.audit.expires', { time: formatTime(row.expireTime) })}
                  </Typography.Text>
                )}
              </Space>
            ),
          },
          {
            key: 'action',
            title: t('common.actions'),
            render: (row) =>
              row.status !== 'pending' ? null : row.kind === 'join' ? (
                <Space size={4}>
                  <ConfirmAction
                    danger={false}
                    title={t('org.audit.approveConfirm', { name: row.name ?? row.phoneNum, org: row.orgName })}
                    onConfirm={() => decide(row, 1)}
                    buttonProps={{ size: 'small', type: 'primary', 'data-testid': `approve-${row.phoneNum}` } as never}
                  >
                    {t('org.audit.approve')}
                  </ConfirmAction>
                  <ConfirmAction
                    title={t('org.audit.rejectConfirm', { name: row.name ?? row.phoneNum })}
                    onConfirm={() => decide(row, 0)}
                    buttonProps={{ size: 'small', 'data-testid': `reject-${row.phoneNum}` } as never}
                  >
                    {t('org.audit.reject')}
                  </ConfirmAction>
                </Space>
              ) : (
                <ConfirmAction
                  title={t('org.audit.withdrawConfirm', { phone: row.phoneNum })}
                  onConfirm={() => decide(row, 0)}
                  buttonProps={{ size: 'small', 'data-testid': `withdraw-${row.phoneNum}` } as never}
                >
                  {t('org.audit.withdraw')}
                </ConfirmAction>
              ),
          },
        ]}
      />
    </Card>
  );
}
