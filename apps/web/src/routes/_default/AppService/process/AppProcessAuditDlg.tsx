import { createFileRoute } from '@tanstack/react-router';
import { AUDIT_PAGE, PAGE_KEEP } from '../../../../features/app-review/api';
import { AuditDialog } from '../../../../features/app-review/dialogs/AuditDialog';
import { AppProcessAuditPage } from '../../../../features/app-review/pages/AppProcessAuditPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/process/AppProcessAuditDlg')({
  component: () => (
    <DialogRoute
      parent={AppProcessAuditPage}
      parentPath={AUDIT_PAGE}
      keep={PAGE_KEEP}
      dialog={(close) => <AuditDialog onClose={close} />}
    />
  ),
});
