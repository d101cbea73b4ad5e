import { createFileRoute } from '@tanstack/react-router';
import { FotaTaskPage } from '../../../features/firmware/tasks/FotaTaskPage';
import { FotaTaskVisibleDialog } from '../../../features/firmware/tasks/SmallDialogs';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaTaskVisibleDialog')({
  component: () => (
    <DialogRoute
      parent={FotaTaskPage}
      parentPath="/fota/FotaTaskPage"
      dialog={(close) => <FotaTaskVisibleDialog onClose={close} />}
    />
  ),
});
