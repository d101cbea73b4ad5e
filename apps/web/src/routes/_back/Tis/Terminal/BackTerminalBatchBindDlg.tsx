import { createFileRoute } from '@tanstack/react-router';
import { BackTerminalBatchBindDialog } from '../../../../features/device/dialogs/RouteDialogs';
import { BackTerminalListPage } from '../../../../features/device/pages/TerminalPages';
import { DialogRoute } from '../../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_back/Tis/Terminal/BackTerminalBatchBindDlg')({
  component: () => (
    <DialogRoute
      parent={BackTerminalListPage}
      parentPath="/Tis/Terminal/BackTerminalListPage"
      dialog={(close) => <BackTerminalBatchBindDialog onClose={close} />}
    />
  ),
});
