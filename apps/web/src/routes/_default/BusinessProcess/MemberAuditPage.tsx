import { createFileRoute } from '@tanstack/react-router';
import { ApplyFuncButton } from '../../../features/security-chain/components/ApplyFuncDialog';
import { MemberAuditPage } from '../../../features/workflow/pages/ApprovalPages';

// The member approval page, with what a member may apply for from it (a function of a security space).
export const Route = createFileRoute('/_default/BusinessProcess/MemberAuditPage')({
  component: () => <MemberAuditPage actions={<ApplyFuncButton />} />,
});
