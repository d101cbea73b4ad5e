import { type OrgRequest, REQUEST_STATUSES } from '@keel/contract/endpoints/org';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/admin-kit/ConfirmAction';
import { DataTable } from '../../../shared/admin-kit/DataTable';
import { pageInput } from '../../../shared/admin-kit/table-params';
import { apiQuery } from '../../../shared/api/query';
import { useApiMutation } from '../../../shared/api/use-api-mutation';
import { formatTime } from '../../../shared/format/time';

const STATUS_COLORS: Record<OrgRequest['status'], string> = {
  pending: 'gold',
  accepted: 'green',
  approved: 'green',
  declined: 'default',
  rejected: 'red',
  revoked: 'default',
  expired: 'default',
};

/** The statuses an invitation can have (a join request's `approved` and `rejected` are the engine's now). */
const INVITE_STATUSES = REQUEST_STATUSES.filter((s) => s !== 'approved' && s !== 'rejected');

/**
 * The property's invitations (`o/getAuditUserList`, kind `invite`): whom administrators invited, to which unit,
 * and what became of it; a pending one can be withdrawn. Invitations are answered by the invitee, not reviewed:
 * join requests go through the approval flow.
 */
export function InvitationsTable() {
  const { t } = useTranslation();
  const withdraw = useApiMutation('o/auditInviteOrgUser', {
    invalidates: ['o/getAuditUserList'],
    success: () => t('workflow.invites.withdrawn'),
  });
  return (
    <DataTable
      testId="invite-table"
      rowKey="id"
      query={(params) =>
        apiQuery('o/getAuditUserList', {
          ...pageInput(params),
          kind: 'invite',
          statusList: [(params.filters.status as OrgRequest['status'] | undefined) ?? 'pending'],
        })
      }
      columns={[
        {
          key: 'str',
          title: t('workflow.invites.search'),
          filter: true,
          pinned: true,
          render: (row) => (
            <span data-testid={`request-${row.phoneNum}`} translate="no">
              {row.name ?? <Typography.Text type="secondary">{t('workflow.invites.noAccount')}</Typography.Text>}
              <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
                {row.phoneNum}
              </Typography.Text>
            </span>
          ),
        },
        {
          key: 'orgName',
          title: t('workflow.invites.org'),
          render: (row) => <span translate="no">{row.orgName}</span>,
        },
        {
          key: 'remark',
          title: t('workflow.invites.remark'),
          render: (row) => <span translate="no">{row.remark || '—'}</span>,
        },
        {
          key: 'inviterName',
          title: t('workflow.invites.by'),
          render: (row) => <span translate="no">{row.inviterName ?? '—'}</span>,
        },
        { key: 'createTime', title: t('workflow.invites.time'), width: 150, time: true },
        {
          key: 'status',
          title: t('workflow.invites.status'),
          width: 120,
          filter: INVITE_STATUSES.map((s) => ({ value: s, label: t(`workflow.invites.statuses.${s}`) })),
          render: (row) => (
            <span>
              <Tag color={STATUS_COLORS[row.status]}>{t(`workflow.invites.statuses.${row.status}`)}</Tag>
              {row.status === 'pending' && row.expireTime && (
                <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                  {t('workflow.invites.expires', { time: formatTime(row.expireTime) })}
                </Typography.Text>
              )}
            </span>
          ),
        },
        {
          key: 'action',
          title: t('common.actions'),
          width: 100,
          wrap: true,
          render: (row) =>
            row.status === 'pending' ? (
              <ConfirmAction
                title={t('workflow.invites.withdrawConfirm', { phone: row.phoneNum })}
                onConfirm={() => withdraw({ idList: [row.id], pass: 0, remark: '' })}
                buttonProps={{ size: 'small', 'data-testid': `withdraw-${row.phoneNum}` } as never}
              >
                {t('workflow.invites.withdraw')}
              </ConfirmAction>
            ) : null,
        },
      ]}
    />
  );
}
