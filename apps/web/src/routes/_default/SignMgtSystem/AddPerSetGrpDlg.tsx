import { createFileRoute } from '@tanstack/react-router';
import { AddPerSetGrpDialog, PermissionSetGroupPage } from '../../../features/signing/pages/CollectionPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/AddPerSetGrpDlg')({
  component: () => (
    <DialogRoute
      parent={PermissionSetGroupPage}
      parentPath="/SignMgtSystem/PermissionSetGroupPage"
      dialog={(close) => <AddPerSetGrpDialog onClose={close} />}
    />
  ),
});
