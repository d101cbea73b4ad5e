import { createFileRoute } from '@tanstack/react-router';
import { AddPerSetGrpAuthDialog, PermissionSetGroupAuthPage } from '../../../features/signing/pages/CollectionPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/AddPerSetGrpAuthDlg')({
  component: () => (
    <DialogRoute
      parent={PermissionSetGroupAuthPage}
      parentPath="/SignMgtSystem/PermissionSetGroupAuthPage"
      keep={['groupId']}
      dialog={(close) => <AddPerSetGrpAuthDialog onClose={close} />}
    />
  ),
});
