import { createFileRoute } from '@tanstack/react-router';
import { AUDIT_PAGE, PAGE_KEEP } from '../../../../features/app-review/api';
import { FinishDialog } from '../../../../features/app-review/dialogs/FinishDialog';
import { AppProcessAuditPage } from '../../../../features/app-review/pages/AppProcessAuditPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/process/AppProcessFinishDlg')({
  component: () => (
    <DialogRoute
      parent={AppProcessAuditPage}
      parentPath={AUDIT_PAGE}
      keep={PAGE_KEEP}
      dialog={(close) => <FinishDialog onClose={close} />}
    />
  ),
});
