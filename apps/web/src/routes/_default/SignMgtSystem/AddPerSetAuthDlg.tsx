import { createFileRoute } from '@tanstack/react-router';
import { AddPerSetAuthDialog, PermissionSetPage } from '../../../features/signing/pages/CollectionPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/AddPerSetAuthDlg')({
  component: () => (
    <DialogRoute
      parent={PermissionSetPage}
      parentPath="/SignMgtSystem/PermissionSetPage"
      dialog={(close) => <AddPerSetAuthDialog onClose={close} />}
    />
  ),
});
