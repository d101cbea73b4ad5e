import { createFileRoute } from '@tanstack/react-router';
import { RELEASE_KEEP, RELEASE_PAGE } from '../../../features/pc-software/api';
import { AddTrialUserDialog } from '../../../features/pc-software/dialogs/AddTrialUserDialog';
import { WekitToolReleasePage } from '../../../features/pc-software/pages/WekitToolReleasePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Wekit/AddTrialUserDialog')({
  component: () => (
    <DialogRoute
      parent={WekitToolReleasePage}
      parentPath={RELEASE_PAGE}
      keep={RELEASE_KEEP}
      dialog={(close) => <AddTrialUserDialog onClose={close} />}
    />
  ),
});
