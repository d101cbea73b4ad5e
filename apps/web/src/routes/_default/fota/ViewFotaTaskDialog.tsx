import { createFileRoute } from '@tanstack/react-router';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';
import { ViewFotaTaskDialog } from '../../../features/firmware/tasks/ViewFotaTaskDialog';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/ViewFotaTaskDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTaskPage}
      parentPath="/fota/FotaTaskPage"
      dialog={(close) => <ViewFotaTaskDialog onClose={close} />}
    />
  ),
});
