import { createFileRoute } from '@tanstack/react-router';
import { AssignDialog } from '../../../features/firmware/tasks/AssignDialog';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaAssignTaskDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTaskPage}
      parentPath="/fota/FotaTaskPage"
      dialog={(close) => <AssignDialog byModel onClose={close} />}
    />
  ),
});
