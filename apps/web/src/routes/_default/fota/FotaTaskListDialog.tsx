import { createFileRoute } from '@tanstack/react-router';
import { FotaSoftwarePage } from '../../../features/firmware/pages/FotaSoftwarePage';
import { FotaTaskListDialog } from '../../../features/firmware/tasks/SmallDialogs';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaTaskListDialog')({
  component: () => (
    <DialogRoute
      parent={FotaSoftwarePage}
      parentPath="/fota/FotaSoftwarePage"
      dialog={(close) => <FotaTaskListDialog onClose={close} />}
    />
  ),
});
