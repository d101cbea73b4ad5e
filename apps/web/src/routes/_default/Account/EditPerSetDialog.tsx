import { createFileRoute } from '@tanstack/react-router';
import { EditPerSetRouteDialog } from '../../../features/permission/dialogs/route-dialogs';
import { PermissionSetPage } from '../../../features/permission/pages/PermissionSetPage';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/EditPerSetDialog')({
  component: () => (
    <DialogRoute
      parent={PermissionSetPage}
      parentPath="/Account/PermissionSetPage"
      dialog={(close) => <EditPerSetRouteDialog onClose={close} />}
    />
  ),
});
