import { createFileRoute } from '@tanstack/react-router';
import { AddAdminAuthScopeRouteDialog } from '../../../features/permission/dialogs/route-dialogs';
import { AddAdminForPerSetPage } from '../../../features/permission/pages/AddAdminForPerSetPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/AddAdminAuthScopeForPerSetDlg')({
  component: () => (
    <DialogRoute
      parent={AddAdminForPerSetPage}
      parentPath="/Account/AddAdminForPerSetPage"
      dialog={(close) => <AddAdminAuthScopeRouteDialog onClose={close} />}
    />
  ),
});
