import { createFileRoute } from '@tanstack/react-router';
import { EditUserInfoDialog, UserListPage } from '../../../features/member-group/pages/UserPages';
import { DialogRoute } from '../../../shared/admin-kit/DialogRoute';

export const Route = createFileRoute('/_default/Account/EditUserInfoDialog')({
  component: () => (
    <DialogRoute
      parent={UserListPage}
      parentPath="/UserManage/UserListPage"
      dialog={(close) => <EditUserInfoDialog open onClose={close} />}
    />
  ),
});
