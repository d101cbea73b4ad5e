import type { ApplyItem } from '@keel/contract/endpoints/workflow';
import Card from 'antd/es/card';
import Empty from 'antd/es/empty';
import Typography from 'antd/es/typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { ApplyLists } from '../components/ApplyLists';
import { ApplyTable } from '../components/ApplyTable';
import { dialogRouteOf } from '../details/registry';
import '../workflow.css';

const memberAuditRoute = (row: ApplyItem) => dialogRouteOf(row.applyType);
const securityRoute = () => '/BusinessProcess/ApplyFunDetailDialog';

/**
 * `/BusinessProcess/MemberAuditPage`: every member's approvals — what waits for them, what they have done, their own
 * applications with their progress (withdraw a pending one), every application for those who assign, and the
 * property's invitations for those who manage members. Join requests and every other apply type go through the
 * approval flow (modules/workflow); each row opens its application in the audit dialog. `actions` (the route's) go in
 * the card's corner: what a member may apply for from here (another area's dialogs).
 */
export function MemberAuditPage({ actions }: { actions?: ReactNode } = {}) {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  return (
    <Card title={t('workflow.memberAudit.title')} data-testid="member-audit-page" extra={pno ? actions : undefined}>
      {pno ? (
        <>
          <Typography.Paragraph type="secondary">{t('workflow.memberAudit.help')}</Typography.Paragraph>
          <ApplyLists dialogRoute={memberAuditRoute} invitations />
        </>
      ) : (
        // No property (e.g. asking to join one): one's own applications in every property, in the personal scope.
        <>
          <Typography.Paragraph type="secondary">{t('workflow.memberAudit.mineOnly')}</Typography.Paragraph>
          <ApplyTable kind="mine" dialogRoute={memberAuditRoute} canAssign={false} testId="apply-table-mine" />
        </>
      )}
    </Card>
  );
}

/**
 * `/BusinessProcess/SecurityRouteAuditPage`: the same lists for applications for device functions and security
 * routes (apply type `function`); each opens in ApplyFunDetailDialog.
 */
export function SecurityRouteAuditPage() {
  const { t } = useTranslation();
  const pno = useSession((s) => s.selectedPropertyPno);
  return (
    <Card title={t('workflow.securityAudit.title')} data-testid="security-audit-page">
      {pno ? (
        <>
          <Typography.Paragraph type="secondary">{t('workflow.securityAudit.help')}</Typography.Paragraph>
          <ApplyLists fixedType="function" dialogRoute={securityRoute} />
        </>
      ) : (
        <Empty description={t('workflow.noProperty')} />
      )}
    </Card>
  );
}
