import { createFileRoute } from '@tanstack/react-router';
import { AppProcessAuditPage } from '../../../../features/app-review/pages/AppProcessAuditPage';

export const Route = createFileRoute('/_default/AppService/process/AppProcessAuditPage')({
  component: AppProcessAuditPage,
});
