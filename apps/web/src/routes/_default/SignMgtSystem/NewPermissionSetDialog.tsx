import { createFileRoute } from '@tanstack/react-router';
import { NewPermissionSetDialog, PermissionSetPage } from '../../../features/signing/pages/CollectionPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/SignMgtSystem/NewPermissionSetDialog')({
  component: () => (
    <DialogRoute
      parent={PermissionSetPage}
      parentPath="/SignMgtSystem/PermissionSetPage"
      dialog={(close) => <NewPermissionSetDialog onClose={close} />}
    />
  ),
});
