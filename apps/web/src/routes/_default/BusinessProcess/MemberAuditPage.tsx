import { createFileRoute } from '@tanstack/react-router';
import { MemberAuditPage } from '../../../features/workflow/pages/ApprovalPages';

export const Route = createFileRoute('/_default/BusinessProcess/MemberAuditPage')({ component: MemberAuditPage });
