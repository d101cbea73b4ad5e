import { createFileRoute } from '@tanstack/react-router';
import { PAGE_KEEP, PROCESS_PAGE } from '../../../../features/app-review/api';
import { AssignDialog } from '../../../../features/app-review/dialogs/AssignDialog';
import { AppProcessPage } from '../../../../features/app-review/pages/AppProcessPage';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/AppService/process/AppProcessAssignDlg')({
  component: () => (
    <DialogRoute
      parent={AppProcessPage}
      parentPath={PROCESS_PAGE}
      keep={PAGE_KEEP.filter((k) => k !== 'taskId')}
      dialog={(close) => <AssignDialog onClose={close} />}
    />
  ),
});
