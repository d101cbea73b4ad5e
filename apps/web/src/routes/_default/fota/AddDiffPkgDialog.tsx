import { createFileRoute } from '@tanstack/react-router';
import { AddDiffPkgDialog } from '../../../features/firmware/dialogs/AddDiffPkgDialog';
import { FotaDiffPkgPage } from '../../../features/firmware/pages/FotaDiffPkgPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/AddDiffPkgDialog')({
  component: () => (
    <DialogRoute
      parent={FotaDiffPkgPage}
      parentPath="/fota/FotaDiffPkgPage"
      dialog={(close) => <AddDiffPkgDialog onClose={close} />}
    />
  ),
});
