import { createFileRoute } from '@tanstack/react-router';
import { PackageDialog } from '../../../features/firmware/dialogs/PackageDialog';
import { FotaSoftwarePage } from '../../../features/firmware/pages/FotaSoftwarePage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

/** A firmware version, new or (`?id=`) existing: the package dialog of FotaSoftwarePage. */
export const Route = createFileRoute('/_default/fota/AddEditFotaFirmwareDlg')({
  component: () => (
    <DialogRoute
      parent={FotaSoftwarePage}
      parentPath="/fota/FotaSoftwarePage"
      dialog={(close) => <PackageDialog onClose={close} />}
    />
  ),
});
