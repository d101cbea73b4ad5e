import { createFileRoute } from '@tanstack/react-router';
import { ApplyFunDetailRouteDialog } from '../../../features/workflow/dialogs/audit-route-dialogs';
import { SecurityRouteAuditPage } from '../../../features/workflow/pages/ApprovalPages';
import { LIST_KEEP } from '../../../features/workflow/search';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/BusinessProcess/ApplyFunDetailDialog')({
  component: () => (
    <DialogRoute
      parent={SecurityRouteAuditPage}
      parentPath="/BusinessProcess/SecurityRouteAuditPage"
      keep={LIST_KEEP}
      dialog={(close) => <ApplyFunDetailRouteDialog onClose={close} />}
    />
  ),
});
