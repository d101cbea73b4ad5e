import { createFileRoute } from '@tanstack/react-router';
import { FotaPushSwDialog } from '../../../features/firmware/dialogs/FotaPushSwDialog';
import { FotaSoftwarePage } from '../../../features/firmware/pages/FotaSoftwarePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/FotaPushSwDialog')({
  component: () => (
    <DialogRoute
      parent={FotaSoftwarePage}
      parentPath="/fota/FotaSoftwarePage"
      dialog={(close) => <FotaPushSwDialog onClose={close} />}
    />
  ),
});
