import { createFileRoute } from '@tanstack/react-router';
import { ApplyTerminalDetailRouteDialog } from '../../../features/workflow/dialogs/audit-route-dialogs';
import { MemberAuditPage } from '../../../features/workflow/pages/ApprovalPages';
import { LIST_KEEP } from '../../../features/workflow/search';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/BusinessProcess/ApplyTerminalDetailDialog')({
  component: () => (
    <DialogRoute
      parent={MemberAuditPage}
      parentPath="/BusinessProcess/MemberAuditPage"
      keep={LIST_KEEP}
      dialog={(close) => <ApplyTerminalDetailRouteDialog onClose={close} />}
    />
  ),
});
