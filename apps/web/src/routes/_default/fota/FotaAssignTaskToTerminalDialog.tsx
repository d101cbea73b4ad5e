import { createFileRoute } from '@tanstack/react-router';
import { FotaTerminalPage } from '../../../features/firmware/pages/FotaTerminalPage';
import { FotaAssignTaskToTerminalDialog } from '../../../features/firmware/tasks/SmallDialogs';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaAssignTaskToTerminalDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTerminalPage}
      parentPath="/fota/FotaTerminalPage"
      dialog={(close) => <FotaAssignTaskToTerminalDialog onClose={close} />}
    />
  ),
});
