import { createFileRoute } from '@tanstack/react-router';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';
import { TaskFormDialog } from '../../../features/firmware/tasks/TaskFormDialog';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/AddFotaTaskDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTaskPage}
      parentPath="/fota/FotaTaskPage"
      dialog={(close) => <TaskFormDialog kind="edit" onClose={close} />}
    />
  ),
});
