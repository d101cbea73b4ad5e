import { createFileRoute } from '@tanstack/react-router';
import { EditPerSetForAdminRouteDialog } from '../../../features/permission/dialogs/route-dialogs';
import { AddAdminForPerSetPage } from '../../../features/permission/pages/AddAdminForPerSetPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/EditPerSetForAdminDialog')({
  component: () => (
    <DialogRoute
      parent={AddAdminForPerSetPage}
      parentPath="/Account/AddAdminForPerSetPage"
      dialog={(close) => <EditPerSetForAdminRouteDialog onClose={close} />}
    />
  ),
});
