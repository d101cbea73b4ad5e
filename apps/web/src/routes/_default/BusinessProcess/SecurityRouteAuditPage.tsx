import { createFileRoute } from '@tanstack/react-router';
import { SecurityRouteAuditPage } from '../../../features/workflow/pages/ApprovalPages';

export const Route = createFileRoute('/_default/BusinessProcess/SecurityRouteAuditPage')({
  component: SecurityRouteAuditPage,
});
