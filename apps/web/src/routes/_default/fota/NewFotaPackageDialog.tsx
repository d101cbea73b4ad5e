import { createFileRoute } from '@tanstack/react-router';
import { PackageDialog } from '../../../features/firmware/dialogs/PackageDialog';
import { FotaSoftwarePage } from '../../../features/firmware/pages/FotaSoftwarePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/fota/NewFotaPackageDialog')({
  component: () => (
    <DialogRoute
      parent={FotaSoftwarePage}
      parentPath="/fota/FotaSoftwarePage"
      dialog={(close) => <PackageDialog onClose={close} />}
    />
  ),
});
