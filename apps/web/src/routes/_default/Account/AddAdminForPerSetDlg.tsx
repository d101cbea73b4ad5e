import { createFileRoute } from '@tanstack/react-router';
import { AddAdminForPerSetDlg } from '../../../features/permission/dialogs/AddAdminForPerSetDlg';
import { AddAdminForPerSetPage } from '../../../features/permission/pages/AddAdminForPerSetPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddAdminForPerSetDlg')({
  component: () => (
    <DialogRoute
      parent={AddAdminForPerSetPage}
      parentPath="/Account/AddAdminForPerSetPage"
      dialog={(close) => <AddAdminForPerSetDlg open onClose={close} />}
    />
  ),
});
