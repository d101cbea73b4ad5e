import { createFileRoute } from '@tanstack/react-router';
import { AddAdminForPerSetDialog } from '../../../features/permission/dialogs/AddAdminForPerSetDialog';
import { AddAdminForPerSetPage } from '../../../features/permission/pages/AddAdminForPerSetPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddAdminForPerSetDlg')({
  component: () => (
    <DialogRoute
      parent={AddAdminForPerSetPage}
      parentPath="/Account/AddAdminForPerSetPage"
      dialog={(close) => <AddAdminForPerSetDialog open onClose={close} />}
    />
  ),
});
